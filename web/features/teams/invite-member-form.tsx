import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type InviteMemberInput, inviteMemberInputSchema } from "#core/schemas/team.ts";
import { teamMessages } from "#core/team-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { useInviteMember } from "./teams.queries.ts";

/** Add-member form (spec 2, 5): invites by e-mail; the person sets their password from the link. */
export function InviteMemberForm({ companyId, onDone }: { companyId: string | null; onDone: () => void }) {
  const invite = useInviteMember(companyId);
  const form = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberInputSchema),
    defaultValues: { name: "", email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await invite.mutateAsync({ name: values.name, email: values.email });
      toast.success(result.message);
      form.reset();
      onDone();
    } catch (error) {
      // The server's pt-BR refusal: next to the field it names, or as the form's own error.
      const message =
        error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : teamMessages.inviteFailed;
      showServerError(form, error, message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-border bg-surface-2 p-4">
      <p className="text-sm text-muted">
        A pessoa recebe um e-mail com o link para criar a senha. O convite vale por 7 dias.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="invite-name" label="Nome" error={errors.name?.message}>
          <Input {...describedBy("invite-name", errors.name?.message)} autoComplete="off" {...form.register("name")} />
        </Field>
        <Field id="invite-email" label="E-mail" error={errors.email?.message}>
          <Input
            {...describedBy("invite-email", errors.email?.message)}
            type="email"
            autoComplete="off"
            {...form.register("email")}
          />
        </Field>
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Enviando..." : "Enviar convite"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
