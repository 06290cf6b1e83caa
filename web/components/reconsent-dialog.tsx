import { useState } from "react";
import { needsReconsent } from "#core/consent.ts";
import type { Me } from "#core/schemas/me.ts";
import { ConsentPrompt } from "#web/components/consent-prompt.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";

const DISMISSED_KEY = "sereno.reconsent-dismissed";

/**
 * When the consent text changed since the person accepted it, the shell asks
 * again once per sign-in (docs/decisions/015). 'Agora não' is respected until
 * the next sign-in; meanwhile nothing new is recorded.
 */
export function ReconsentDialog({ me }: { me: Me }) {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === me.id);
  const open = needsReconsent(me.wellbeingConsent) && !dismissed;

  function dismiss() {
    sessionStorage.setItem(DISMISSED_KEY, me.id);
    setDismissed(true);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : dismiss())}
      title="Atualizamos o termo de consentimento"
      description="Antes de registrar novos check-ins, leia o texto atual e diga se concorda."
    >
      <ConsentPrompt
        intro="Seu histórico continua guardado e só você o vê. Sem o seu consentimento, nenhum dado de bem-estar novo é registrado."
        onGiven={dismiss}
      />
      <Button variant="ghost" className="mt-2 w-full sm:w-auto" onClick={dismiss}>
        Agora não
      </Button>
    </Dialog>
  );
}
