import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { type RecoveryCheckInput, recoveryCheckInputSchema } from "#core/schemas/passkeys.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { type RecoveryTicket, useRecoveryCheck } from "./recovery.queries.ts";

const fieldId = "recuperar-codigo";

/**
 * Step 1: the code as the person wrote it down. Case, spaces and hyphens do
 * not matter (core/recovery-code.ts); a code that is not found is told on the
 * field, a refusal about the person (access ended, too many tries) on the form.
 */
export function RecoveryCheckForm({ onFound }: { onFound: (ticket: RecoveryTicket) => void }) {
  const check = useRecoveryCheck();
  const form = useForm<RecoveryCheckInput, unknown, z.output<typeof recoveryCheckInputSchema>>({
    resolver: zodResolver(recoveryCheckInputSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onFound(await check.mutateAsync(values));
    } catch (error) {
      const known = error instanceof ApiError && (error.isNetwork || error.status < 500);
      const message = known ? error.message : passkeyMessages.recoveryFailed;
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
        form.setError("code", { message }, { shouldFocus: true });
      } else {
        showServerError(form, error, message);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field
        id={fieldId}
        label="Código de recuperação"
        error={errors.code?.message}
        hint="As 20 letras e números que você guardou. Tanto faz usar maiúsculas, minúsculas ou espaços."
      >
        <Input
          {...describedBy(fieldId, errors.code?.message, true)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          className="font-mono tracking-wider"
          {...form.register("code")}
        />
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Conferindo..." : "Continuar"}
      </Button>
    </form>
  );
}
