import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { WELLBEING_CONSENT_TEXT } from "#core/consent.ts";
import { messages } from "#core/messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useGiveConsent } from "#web/lib/consent.ts";
import { toast } from "#web/lib/toast.ts";

/**
 * Asks for the wellbeing-data consent (LGPD art. 11, I): why, the text of
 * the current version, and one button. Used where nothing can be recorded
 * without it (the check-in screen) and by the shell when the text changed.
 */
export function ConsentPrompt({ intro, onGiven }: { intro: string; onGiven?: () => void }) {
  const give = useGiveConsent();
  const [error, setError] = useState<string | null>(null);

  async function onGive() {
    setError(null);
    try {
      const result = await give.mutateAsync();
      toast.success(result.message);
      onGiven?.();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : messages.somethingWentWrong);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm">{intro}</p>
      <div className="flex gap-3 rounded-md border border-primary/20 bg-primary-soft p-4 text-sm">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={1.75} />
        <div className="space-y-2">
          <p className="font-medium">Consentimento para dados de bem-estar</p>
          <p>{WELLBEING_CONSENT_TEXT}</p>
          <p className="text-muted">
            Você pode revogar quando quiser em Configurações.{" "}
            <Link to="/privacidade" className="font-medium text-primary underline underline-offset-4">
              Ler a Política de Privacidade
            </Link>
          </p>
        </div>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={onGive} disabled={give.isPending}>
        {give.isPending ? "Registrando..." : "Dou meu consentimento"}
      </Button>
    </div>
  );
}
