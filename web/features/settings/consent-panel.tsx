import { useState } from "react";
import { hasCurrentConsent, needsReconsent, WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { localDay } from "#core/dates.ts";
import { formatDayPtBR } from "#core/format.ts";
import { messages } from "#core/messages.ts";
import { ConsentPrompt } from "#web/components/consent-prompt.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useRevokeConsent } from "#web/lib/consent.ts";
import { useViewer } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";

/** The consent for wellbeing data: when and which text, revoking it, or giving it (docs/decisions/015). */
export function ConsentPanel() {
  const me = useViewer();
  const revoke = useRevokeConsent();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const consent = me.wellbeingConsent;

  async function onRevoke() {
    setError(null);
    try {
      const result = await revoke.mutateAsync();
      toast.success(result.message);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : messages.somethingWentWrong);
    }
    setConfirming(false);
  }

  return (
    <div className="space-y-3">
      <h3 className="font-medium">Consentimento para dados de bem-estar</h3>
      {consent && hasCurrentConsent(consent) ? (
        <>
          <p className="text-sm">
            Você deu seu consentimento em <strong>{formatDayPtBR(localDay(new Date(consent.at), me.timezone))}</strong>{" "}
            (versão {consent.version} do termo). Com ele, o Sereno registra seu humor, suas anotações e seus exercícios
            para você acompanhar seu histórico.
          </p>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Revogar consentimento
          </Button>
        </>
      ) : (
        <ConsentPrompt
          intro={
            consent && needsReconsent(consent)
              ? `Você aceitou a versão ${consent.version} do termo; a versão atual é a ${WELLBEING_CONSENT_VERSION}. Até você aceitar o texto novo, nenhum dado de bem-estar novo é registrado.`
              : "Seu consentimento não está em vigor: o Sereno não registra check-ins nem exercícios seus. Seu histórico continua guardado e só você o vê."
          }
        />
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revogar seu consentimento?"
        description="A partir de agora, o Sereno não registra mais check-ins nem exercícios seus. O que já está guardado continua visível só para você (você pode excluir check-ins no calendário ou excluir sua conta). Você pode dar o consentimento de novo quando quiser."
        confirmLabel="Revogar consentimento"
        onConfirm={onRevoke}
        isPending={revoke.isPending}
      />
    </div>
  );
}
