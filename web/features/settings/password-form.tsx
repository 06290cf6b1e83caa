import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ChangePasswordInput, changePasswordInputSchema } from "#core/schemas/auth.ts";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { isWrongCurrentPassword, passwordErrorMessage, useChangePassword } from "./settings.queries.ts";

/**
 * Current password, new password and its confirmation, checked by the same
 * schema as everywhere a password is set. Other sessions are signed out.
 */
export function PasswordForm({ id, onDone, onCancel }: { id: string; onDone: () => void; onCancel: () => void }) {
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await changePassword.mutateAsync(values);
      form.reset();
      onDone();
    } catch (error) {
      // The one mistake tied to a field goes next to that field.
      if (isWrongCurrentPassword(error)) {
        form.setError("currentPassword", { message: passwordErrorMessage(error) }, { shouldFocus: true });
      } else {
        setFormError(passwordErrorMessage(error));
      }
    }
  });

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="flex flex-col gap-4 rounded-md border border-border p-4">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Field id="senha-atual" label="Senha atual" error={errors.currentPassword?.message}>
        <Input
          {...describedBy("senha-atual", errors.currentPassword?.message)}
          type="password"
          autoComplete="current-password"
          {...form.register("currentPassword")}
        />
      </Field>
      <NewPasswordFields
        password={form.register("newPassword")}
        confirmation={form.register("confirmation")}
        passwordError={errors.newPassword?.message}
        confirmationError={errors.confirmation?.message}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Salvando..." : "Salvar nova senha"}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
