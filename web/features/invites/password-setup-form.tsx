import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { passwordPairSchema } from "#core/schemas/auth.ts";
import { wellbeingConsentSchema } from "#core/schemas/invites.ts";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { ConsentCheckbox } from "./consent-checkbox.tsx";

// The password pair and, with it, the wellbeing-data consent: the box starts unticked, the schema wants it ticked.
const setupSchema = passwordPairSchema.and(z.object({ consent: z.boolean().pipe(wellbeingConsentSchema) }));
// A psychologist records no wellbeing data of their own, so is asked only for the password (issue 36, item 7).
const passwordOnlySchema = passwordPairSchema.and(z.object({ consent: z.boolean() }));
type SetupValues = z.input<typeof setupSchema>;

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
  asksConsent = true,
}: {
  readOnlyFields: ReadOnlyField[];
  /** False for a psychologist: no wellbeing-data consent box. */
  asksConsent?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Called only once the password pair is valid and the wellbeing-data consent is given. */
  onSubmit: (password: string) => Promise<string | null>;
}) {
  const form = useForm<SetupValues, unknown, z.output<typeof passwordOnlySchema>>({
    resolver: zodResolver(asksConsent ? setupSchema : passwordOnlySchema),
    defaultValues: { password: "", confirmation: "", consent: false },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    const failure = await onSubmit(password);
    if (failure) form.setError("root", { message: failure });
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
      {asksConsent ? (
        <ConsentCheckbox
          registration={form.register("consent")}
          checked={form.watch("consent")}
          error={errors.consent?.message}
        />
      ) : null}
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
