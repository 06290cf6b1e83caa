import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { messages } from "#core/messages.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { activationEmailFormSchema } from "#core/schemas/passkeys.ts";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { canUsePasskeys, ceremonyFailure, makePasskey } from "#web/lib/passkey-ceremony.ts";
import { type Activated, type ActivationTicket, useActivationComplete } from "./activation.queries.ts";

type EmailValues = z.input<typeof activationEmailFormSchema>;

/**
 * Step 2: the person makes their way in. A passkey first (nothing to
 * remember, works on the shop floor's shared phone as on their own), or a
 * personal e-mail and a password. Either one signs them in.
 */
export function ActivationWays({
  code,
  ticket,
  onDone,
}: {
  code: string;
  ticket: ActivationTicket;
  /** With the reply: a passkey brings the first recovery code, to be shown before going on. */
  onDone: (activated: Activated) => void;
}) {
  const complete = useActivationComplete(code);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [withEmail, setWithEmail] = useState(!canUsePasskeys());
  const form = useForm<EmailValues, unknown, z.output<typeof activationEmailFormSchema>>({
    resolver: zodResolver(activationEmailFormSchema),
    defaultValues: { email: "", password: "", confirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function createPasskey() {
    setPasskeyError(null);
    setBusy(true);
    try {
      const passkey = await makePasskey(ticket.passkeyOptions);
      onDone(await complete.mutateAsync({ ticket: ticket.ticket, passkey }));
    } catch (error) {
      setPasskeyError(ceremonyFailure(error, messages.invalidInput));
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      onDone(await complete.mutateAsync({ ticket: ticket.ticket, email, password }));
    } catch (error) {
      showServerError(form, error, ceremonyFailure(error, messages.invalidInput));
    }
  });

  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">Olá, {ticket.firstName}! Como você quer entrar?</h2>
        <p className="text-sm text-muted">
          Com uma chave de acesso, você entra com a digital, o rosto ou o PIN do seu celular, sem senha para lembrar.
        </p>
      </div>
      <Button size="lg" className="w-full" onClick={createPasskey} disabled={busy}>
        <KeyRound aria-hidden className="size-5" strokeWidth={1.75} />
        {busy ? "Aguardando o aparelho..." : "Criar chave de acesso"}
      </Button>
      {passkeyError ? <Alert tone="error">{passkeyError}</Alert> : null}
      {withEmail ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4 border-t border-border pt-5">
          <p className="text-sm text-muted">
            Ou use um e-mail pessoal e uma senha. Enviamos um link para confirmar que o e-mail é seu, e nada sobre o seu
            bem-estar.
          </p>
          <Field id="ativar-email" label="E-mail pessoal" error={errors.email?.message}>
            <Input
              {...describedBy("ativar-email", errors.email?.message)}
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.register("email")}
            />
          </Field>
          <NewPasswordFields
            isFirst
            password={form.register("password")}
            confirmation={form.register("confirmation")}
            passwordError={errors.password?.message}
            confirmationError={errors.confirmation?.message}
          />
          <FormError message={errors.root?.message} />
          <Button type="submit" variant="secondary" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Ativando..." : "Ativar com e-mail e senha"}
          </Button>
        </form>
      ) : (
        <Button variant="link" className="w-full" onClick={() => setWithEmail(true)}>
          Prefiro usar um e-mail pessoal e uma senha
        </Button>
      )}
      <p className="text-xs text-muted">{passkeyMessages.ticketHint}</p>
    </div>
  );
}
