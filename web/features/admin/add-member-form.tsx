import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { adminMessages } from "#core/admin-messages.ts";
import { roleLabels } from "#core/roles.ts";
import { type AdminAddMemberInput, adminAddMemberInputSchema } from "#core/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Select } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useAddCompanyMember } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";

/** Per-company invite (spec 2, 7): name, e-mail and role; the person sets a password from the link. */
export function AddMemberForm({
  id,
  companyId,
  companyName,
  onDone,
  onCancel,
}: {
  id: string;
  companyId: string;
  companyName: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const add = useAddCompanyMember(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminAddMemberInput>({
    resolver: zodResolver(adminAddMemberInputSchema),
    defaultValues: { name: "", email: "", role: "user" },
  });
  const { errors, isSubmitting } = form.formState;
  const field = (name: string) => `${id}-${name}`;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await add.mutateAsync(values);
      toast.success(adminMessages.adminInviteSent, { description: `${values.name} recebe o link por e-mail.` });
      form.reset();
      onDone();
    } catch (error) {
      setFormError(adminActionError("adicionar membro", error));
    }
  });

  return (
    <form
      id={id}
      aria-label={`Adicionar membro em ${companyName}`}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4 rounded-md border border-border bg-surface-2 p-4"
    >
      <p className="text-sm text-muted">A pessoa recebe um e-mail com o link para criar a senha.</p>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-[1fr_1fr_10rem]">
        <Field id={field("nome")} label="Nome" error={errors.name?.message}>
          <Input {...describedBy(field("nome"), errors.name?.message)} autoComplete="off" {...form.register("name")} />
        </Field>
        <Field id={field("email")} label="E-mail" error={errors.email?.message}>
          <Input
            {...describedBy(field("email"), errors.email?.message)}
            type="email"
            inputMode="email"
            autoComplete="off"
            {...form.register("email")}
          />
        </Field>
        <Field id={field("papel")} label="Papel" error={errors.role?.message}>
          <Select
            className="read-only:bg-surface"
            {...describedBy(field("papel"), errors.role?.message)}
            {...form.register("role")}
          >
            <option value="user">{roleLabels.user}</option>
            <option value="manager">{roleLabels.manager}</option>
          </Select>
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Enviando..." : "Enviar convite"}
        </Button>
      </div>
    </form>
  );
}
