import { KeyRound } from "lucide-react";
import { useState } from "react";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { ceremonyFailure, makePasskey } from "#web/lib/passkey-ceremony.ts";
import { type Recovered, type RecoveryTicket, useRecoveryComplete } from "./recovery.queries.ts";

/**
 * Step 2: the new passkey. Finishing removes the old keys and signs every other
 * device out (docs/decisions/055), so the person is told before they start.
 */
export function RecoveryPasskeyStep({
  ticket,
  onDone,
  onRestart,
}: {
  ticket: RecoveryTicket;
  onDone: (reply: Recovered) => void;
  onRestart: () => void;
}) {
  const complete = useRecoveryComplete();
  const [error, setError] = useState<string | null>(null);
  // Expired, or the code was used meanwhile: this ticket cannot finish, a new check can.
  const [isSpent, setIsSpent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function createPasskey() {
    setError(null);
    setBusy(true);
    try {
      const passkey = await makePasskey(ticket.passkeyOptions);
      onDone(await complete.mutateAsync({ ticket: ticket.ticket, passkey }));
    } catch (caught) {
      setError(ceremonyFailure(caught, passkeyMessages.recoveryFailed));
      setIsSpent(
        caught instanceof ApiError &&
          (caught.status === 404 || caught.message === passkeyMessages.recoveryTicketExpired),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">Olá, {ticket.firstName}! Crie sua nova chave de acesso</h2>
        <p className="text-sm text-muted">
          Use a digital, o rosto ou o PIN deste aparelho. Suas chaves de acesso antigas deixam de funcionar, e os outros
          aparelhos conectados à sua conta saem dela. Seu histórico continua com você.
        </p>
      </div>
      <Button size="lg" className="w-full" onClick={createPasskey} disabled={busy}>
        <KeyRound aria-hidden className="size-5" strokeWidth={1.75} />
        {busy ? "Aguardando o aparelho..." : "Criar nova chave de acesso"}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {isSpent ? (
        <Button variant="link" className="w-full" onClick={onRestart}>
          Informar o código de novo
        </Button>
      ) : null}
      <p className="text-xs text-muted">{passkeyMessages.recoveryTicketHint}</p>
    </div>
  );
}
