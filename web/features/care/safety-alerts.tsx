/**
 * The agenda's safety alerts (docs/decisions/080): a PHQ-9 with item 9 above 0 stays here
 * until the psychologist confirms they read it. Shown only to that psychologist.
 */
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { SAFETY_ESCALATION_HOURS } from "#core/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";
import { careWhen, errorText } from "./care-format.ts";
import { useAcknowledgeAlert, useSafetyAlerts } from "./care-measures.queries.ts";
import { PatientMeasuresDialog } from "./patient-measures-dialog.tsx";

export function SafetyAlerts() {
  const alerts = useSafetyAlerts();
  const acknowledge = useAcknowledgeAlert();
  const [reading, setReading] = useState<string | null>(null);
  if (!alerts.data?.length) return null;
  return (
    <section
      aria-labelledby="alertas-de-seguranca"
      className="space-y-3 rounded-lg border-2 border-danger/40 bg-danger-soft p-5"
    >
      <h2 id="alertas-de-seguranca" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldAlert aria-hidden className="size-6 shrink-0 text-danger" strokeWidth={1.75} />
        {alerts.data.length === 1 ? "Alerta de segurança" : `${alerts.data.length} alertas de segurança`}
      </h2>
      <ul className="space-y-2">
        {alerts.data.map((alert) => (
          <li
            key={alert.id}
            className="flex flex-col gap-3 rounded-md border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="space-y-2 text-sm leading-relaxed">
              <p>
                <strong>{alert.memberName}</strong> respondeu o PHQ-9 em {careWhen(alert.answeredAt)} com o item 9
                (pensamentos de se ferir ou de que seria melhor estar morto/a) acima de zero. A pessoa viu os contatos
                do CVV (188) e do SAMU (192). Siga o seu protocolo de cuidado.
              </p>
              {alert.escalatedAt ? (
                <p className="font-medium text-danger">
                  Sem confirmação por mais de {SAFETY_ESCALATION_HOURS} horas: a coordenação clínica do Sereno foi
                  avisada em {careWhen(alert.escalatedAt)} e pode entrar em contato com você.
                </p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setReading(alert.memberId)}>
                Ver respostas
              </Button>
              <Button
                size="sm"
                disabled={acknowledge.isPending}
                onClick={() =>
                  acknowledge.mutateAsync(alert.id).then(
                    () => toast.success("Leitura do alerta confirmada."),
                    (error: unknown) => toast.error(errorText(error, "Não foi possível confirmar agora.")),
                  )
                }
              >
                Confirmar leitura
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <PatientMeasuresDialog memberId={reading} onClose={() => setReading(null)} />
    </section>
  );
}
