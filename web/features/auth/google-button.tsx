import { useState } from "react";
import { authMessages } from "#core/auth-messages.ts";
import { messages } from "#core/messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError, api } from "#web/lib/api.ts";
import { startGoogleSignIn } from "./auth.queries.ts";

/**
 * 'Entrar com o Google': redirects when configured, otherwise says so plainly.
 * `disabled` until the prerendered page has hydrated: before, a click does nothing.
 */
export function GoogleButton({ disabled = false }: { disabled?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setError(null);
    setBusy(true);
    try {
      const config = await api<{ googleEnabled: boolean }>("/api/config");
      if (!config.googleEnabled) {
        setError(authMessages.googleNotConfigured);
        return;
      }
      await startGoogleSignIn();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.isNetwork ? messages.networkError : authMessages.googleFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <Button variant="secondary" size="lg" className="w-full" onClick={onClick} disabled={busy || disabled}>
        <svg viewBox="0 0 24 24" aria-hidden className="size-5">
          <path
            fill="#4285F4"
            d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
          />
          <path
            fill="#34A853"
            d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
          />
          <path
            fill="#FBBC05"
            d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z"
          />
          <path
            fill="#EA4335"
            d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
          />
        </svg>
        Entrar com o Google
      </Button>
      {error ? <Alert tone="warning">{error}</Alert> : null}
    </div>
  );
}
