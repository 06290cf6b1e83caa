import { KeyRound } from "lucide-react";
import { useState } from "react";
import { authMessages } from "#core/auth-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ceremonyFailure } from "#web/lib/passkey-ceremony.ts";
import { usePasskeySignIn } from "./passkey-sign-in.queries.ts";

/** 'Entrar com chave de acesso': no e-mail typed, the browser offers this site's passkeys (docs/decisions/045). */
export function PasskeySignInButton({ disabled = false, onSignedIn }: { disabled?: boolean; onSignedIn: () => void }) {
  const signIn = usePasskeySignIn();
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    setError(null);
    try {
      await signIn.mutateAsync();
      onSignedIn();
    } catch (caught) {
      setError(ceremonyFailure(caught, authMessages.loginFailed));
    }
  }

  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={onClick}
        disabled={disabled || signIn.isPending}
      >
        <KeyRound aria-hidden className="size-5" strokeWidth={1.75} />
        {signIn.isPending ? "Aguardando a chave..." : "Entrar com chave de acesso"}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
