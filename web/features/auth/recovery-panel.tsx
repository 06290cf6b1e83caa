import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { authMessages } from "#core/auth-messages.ts";
import { type RecoveryInput, recoveryInputSchema } from "#core/schemas/auth.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { requestPasswordReset } from "./auth.queries.ts";

/** 'Esqueceu sua senha?' (spec 4): form, then a confirmation that closes itself after 3 s. */
export function RecoveryPanel({ onClose }: { onClose: () => void }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RecoveryInput>({ resolver: zodResolver(recoveryInputSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onClose, 3000);
    return () => clearTimeout(timer);
  }, [sent, onClose]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 429 ? caught.message : authMessages.recoveryFailed);
    }
  });

  if (sent) {
    return (
      <div role="status" className="flex gap-3 rounded-lg border border-success/30 bg-success-soft p-4 text-sm">
        <MailCheck aria-hidden className="size-5 shrink-0 text-success" />
        <p>{authMessages.recoverySent}</p>
      </div>
    );
  }

  return (
    <section aria-labelledby="recovery-title" className="space-y-3 rounded-lg border border-border bg-surface p-4">
      <h2 id="recovery-title" className="font-semibold">
        Recuperar senha
      </h2>
      <p className="text-sm text-muted">Informe seu e-mail e enviaremos um link para você criar uma nova senha.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <Field id="recovery-email" label="E-mail da conta" error={errors.email?.message}>
          <Input
            {...describedBy("recovery-email", errors.email?.message)}
            type="email"
            autoComplete="email"
            {...form.register("email")}
          />
        </Field>
        <div className="flex gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Enviando..." : "Enviar link"}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
        </div>
      </form>
    </section>
  );
}
