import { MailCheck } from "lucide-react";
import { useState } from "react";
import { authMessages } from "#core/auth-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { requestSignInLink } from "./auth.queries.ts";

/** Shown when the sign-in limits refuse a password: the way in that strangers' guesses cannot block (docs/decisions/018). */
export function SignInLinkOffer({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  async function onSend() {
    setError(null);
    setIsPending(true);
    try {
      await requestSignInLink(email);
      setSent(true);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : authMessages.signInLinkFailed);
    } finally {
      setIsPending(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="flex gap-3 rounded-lg border border-success/30 bg-success-soft p-4 text-sm">
        <MailCheck aria-hidden className="size-5 shrink-0 text-success" />
        <p>{authMessages.signInLinkSent}</p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button variant="secondary" className="w-full" onClick={onSend} disabled={isPending}>
        {isPending ? "Enviando..." : "Enviar link de acesso por e-mail"}
      </Button>
    </div>
  );
}
