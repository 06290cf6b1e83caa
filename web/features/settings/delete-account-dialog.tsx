import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { messages } from "#core/messages.ts";
import { type DeleteAccountInput, deleteAccountInputSchema } from "#core/schemas/privacy-rights.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useDeleteAccount } from "./privacy.queries.ts";

/**
 * 'Excluir minha conta' (LGPD art. 18, VI): what goes and what stays, then
 * the password; an account without one (Google only) gets a link by e-mail.
 */
export function DeleteAccountDialog({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const remove = useDeleteAccount();
  // With a password, the schema asks for it; without one (Google), there is nothing to type.
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountInputSchema),
    defaultValues: hasPassword ? { password: "" } : {},
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await remove.mutateAsync(values);
      if (result.status === "link-sent") setLinkSent(result.message);
    } catch (caught) {
      const message =
        caught instanceof ApiError && caught.status < 500 && !caught.isNetwork
          ? caught.message
          : messages.somethingWentWrong;
      // A wrong password is said under it, as a missing one is.
      form.setError(hasPassword ? "password" : "root", { message }, { shouldFocus: hasPassword });
    }
  });

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="size-4" /> Excluir minha conta
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset();
        }}
        title="Excluir sua conta?"
        description="Isso não pode ser desfeito."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>
              Apagamos seu perfil, seus check-ins e anotações, seus exercícios, seu histórico de consentimentos e suas
              sessões.
            </li>
            <li>Você sai de todos os aparelhos e recebe uma confirmação por e-mail.</li>
            <li>
              Os números da sua empresa já publicados continuam: são agregados e anônimos e não identificam ninguém.
            </li>
          </ul>
          <p className="text-sm text-muted">Se quiser guardar uma cópia, baixe seus dados antes.</p>
          {hasPassword ? (
            <Field id="excluir-senha" label="Sua senha" error={errors.password?.message}>
              <Input
                {...describedBy("excluir-senha", errors.password?.message)}
                type="password"
                autoComplete="current-password"
                {...form.register("password")}
              />
            </Field>
          ) : (
            <p className="text-sm">
              Sua conta entra com o Google, sem senha: enviaremos um link para o seu e-mail para confirmar a exclusão.
            </p>
          )}
          {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
          {linkSent ? <Alert tone="success">{linkSent}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" disabled={isSubmitting || Boolean(linkSent)}>
              {isSubmitting
                ? "Excluindo..."
                : hasPassword
                  ? "Excluir minha conta definitivamente"
                  : "Enviar link de confirmação"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
