/** The WHO-5's own consent in Configurações, beside the mood consent (docs/decisions/077): given, revoked, given again. */
import { useState } from "react";
import { localDay } from "#core/dates.ts";
import { formatDayPtBR } from "#core/format.ts";
import { WHO5_CONSENT_TEXT } from "#core/who5.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useViewer } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { useGiveWho5Consent, useRevokeWho5Consent, useWho5 } from "./who5.queries.ts";

export function Who5ConsentPanel() {
  const me = useViewer();
  const status = useWho5();
  const give = useGiveWho5Consent();
  const revoke = useRevokeWho5Consent();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!status.data) return null;
  const { consent, hasConsent } = status.data;

  async function run(action: () => Promise<{ message: string }>) {
    setError(null);
    try {
      toast.success((await action()).message);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : "Não foi possível salvar agora.");
    }
    setConfirming(false);
  }

  return (
    <div className="space-y-3">
      <h3 className="font-medium">Consentimento para o Índice de Bem-Estar (WHO-5)</h3>
      {hasConsent && consent ? (
        <>
          <p className="text-sm">
            Você deu seu consentimento em <strong>{formatDayPtBR(localDay(new Date(consent.at), me.timezone))}</strong>{" "}
            (versão {consent.version} do termo). Com ele, o Sereno guarda suas respostas ao WHO-5, uma vez por
            trimestre, para você acompanhar sua evolução em Meu bem-estar.
          </p>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Revogar o consentimento do WHO-5
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm">
            {consent?.kind === "revoked"
              ? "Você revogou este consentimento: o Sereno não guarda respostas novas ao WHO-5 nem o oferece no Painel. Suas respostas anteriores continuam visíveis só para você."
              : "Você ainda não deu este consentimento. Ele é separado do consentimento do humor."}
          </p>
          <p className="text-sm text-muted">{WHO5_CONSENT_TEXT}</p>
          <Button onClick={() => run(() => give.mutateAsync())} disabled={give.isPending}>
            Dar consentimento para o WHO-5
          </Button>
        </>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revogar o consentimento do WHO-5?"
        description="A partir de agora, o Sereno não guarda respostas novas ao Índice de Bem-Estar e não o oferece mais no Painel. O que já está guardado continua visível só para você (e sai com a exclusão da conta). Você pode dar o consentimento de novo quando quiser."
        confirmLabel="Revogar o consentimento do WHO-5"
        onConfirm={() => run(() => revoke.mutateAsync())}
        isPending={revoke.isPending}
      />
    </div>
  );
}
