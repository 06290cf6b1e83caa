/**
 * A patient's PHQ-9 and GAD-7 for their psychologist (docs/decisions/079): each item with
 * the answer given, the score and its band. Opening it is a read the access log keeps.
 */
import { careInstruments } from "#core/questionnaires/care-measures.ts";
import { frequencyOptions, pfizerAttribution } from "#core/questionnaires/pfizer-screeners.ts";
import { phq9 } from "#core/questionnaires/phq9.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { careDay } from "./care-format.ts";
import { usePatientMeasures } from "./care-measures.queries.ts";

export function PatientMeasuresDialog({ memberId, onClose }: { memberId: string | null; onClose: () => void }) {
  const query = usePatientMeasures(memberId);
  return (
    <Dialog
      open={memberId !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title="Autoavaliações"
      description="Autoavaliações respondidas para você, não diagnósticos. Esta leitura fica no registro de acessos."
    >
      <QueryPanel query={query} errorMessage="Não foi possível carregar as autoavaliações.">
        {(data) =>
          data.measures.length === 0 ? (
            <p className="text-sm text-muted">{data.memberName} ainda não respondeu nenhuma autoavaliação.</p>
          ) : (
            <div className="space-y-4">
              {data.measures.map((measure) => {
                const instrument = careInstruments[measure.instrument];
                return (
                  <section
                    key={measure.id}
                    aria-label={`${instrument.name} de ${careDay(measure.answeredAt)}`}
                    className="space-y-2"
                  >
                    <h3 className="flex flex-wrap items-center gap-2 font-semibold">
                      {instrument.name} ·{" "}
                      <span className="font-normal first-letter:uppercase">{careDay(measure.answeredAt)}</span>
                      <Badge tone={measure.safetyPath ? "danger" : "neutral"}>
                        {measure.score} de {measure.maxScore} · {measure.band}
                      </Badge>
                    </h3>
                    <ol className="space-y-1 text-sm">
                      {instrument.items.map((item, index) => (
                        <li
                          key={item}
                          className="flex flex-col gap-0.5 border-b border-border py-1 sm:flex-row sm:justify-between sm:gap-4"
                        >
                          <span>
                            {index + 1}. {item}
                          </span>
                          <span className="shrink-0 font-medium">
                            {frequencyOptions[measure.answers[index] ?? 0]?.label}
                          </span>
                        </li>
                      ))}
                    </ol>
                    {measure.difficulty !== null ? (
                      <p className="text-sm">Dificuldade: {phq9.difficulty.options[measure.difficulty]}</p>
                    ) : null}
                  </section>
                );
              })}
              <p className="text-xs text-muted">{pfizerAttribution}</p>
            </div>
          )
        }
      </QueryPanel>
    </Dialog>
  );
}
