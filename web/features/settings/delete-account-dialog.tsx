import { Trash2 } from "lucide-react";
import { useState } from "react";
import { messages } from "#core/messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useDeleteAccount } from "./privacy.queries.ts";

/**
 * 'Excluir minha conta' (LGPD art. 18, VI): what goes and what stays, then
 * the password; an account without one (Google only) gets a link by e-mail.
 */
export function DeleteAccountDialog({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const remove = useDeleteAccount();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (hasPassword && !password) {
      setError(messages.accountDeletePasswordRequired);
      return;
    }
    try {
      const result = await remove.mutateAsync(hasPassword ? { password } : {});
      if (result.status === "link-sent") setLinkSent(result.message);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status < 500 && !caught.isNetwork
          ? caught.message
          : messages.somethingWentWrong,
      );
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="size-4" /> Excluir minha conta
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword("");
            setError(null);
          }
        }}
        title="Excluir sua conta?"
        description="Isso não pode ser desfeito."
      >
        <form onSubmit={onSubmit} className="space-y-4">
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
            <Field id="excluir-senha" label="Sua senha" error={error ?? undefined}>
              <Input
                id="excluir-senha"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "excluir-senha-error" : undefined}
              />
            </Field>
          ) : (
            <p className="text-sm">
              Sua conta entra com o Google, sem senha: enviaremos um link para o seu e-mail para confirmar a exclusão.
            </p>
          )}
          {!hasPassword && error ? <Alert tone="error">{error}</Alert> : null}
          {linkSent ? <Alert tone="success">{linkSent}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" disabled={remove.isPending || Boolean(linkSent)}>
              {remove.isPending
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
