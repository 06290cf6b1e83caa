import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { messages } from "#core/messages.ts";
import { type PasswordPair, passwordPairSchema } from "#core/schemas/auth.ts";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { ConsentCheckbox } from "./consent-checkbox.tsx";

export type ReadOnlyField = { id: string; label: string; value: string; autoComplete: string };

/**
 * What the invitee cannot change (name, e-mail) shown read-only, then a new
 * password typed twice, checked by the same schema as everywhere a password
 * is set. `onSubmit` answers the error to show, or null on success.
 */
export function PasswordSetupForm({
  readOnlyFields,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  readOnlyFields: ReadOnlyField[];
  submitLabel: string;
  pendingLabel: string;
  /** Called only once the password pair is valid and the wellbeing-data consent is given. */
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordPair>({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: { password: "", confirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | undefined>();

  const submit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    if (!consent) {
      setConsentError(messages.consentRequired);
      return;
    }
    setFormError(await onSubmit(password));
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {readOnlyFields.map((field) => (
        <Field key={field.id} id={field.id} label={field.label}>
          <Input id={field.id} value={field.value} readOnly autoComplete={field.autoComplete} />
        </Field>
      ))}
      <NewPasswordFields
        isFirst
        password={form.register("password")}
        confirmation={form.register("confirmation")}
        passwordError={errors.password?.message}
        confirmationError={errors.confirmation?.message}
      />
      <ConsentCheckbox checked={consent} onChange={setConsent} error={consentError} />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
