/**
 * 'Autoavaliações' on /care (docs/decisions/079): the questionnaires open now, one at a
 * time, and the member's own answers with their score and band. The route shows the
 * crisis card when an answer starts the safety path (docs/decisions/080).
 */
import { ClipboardList, Lock } from "lucide-react";
import { useState } from "react";
import { careInstruments } from "#core/questionnaires/care-measures.ts";
import type { DueMeasure, MyMeasures } from "#core/schemas/care-measures.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";
import { careDay } from "./care-format.ts";
import { MeasureForm } from "./measure-form.tsx";

const keyOf = (due: DueMeasure) => `${due.psychologistId}|${due.instrument}|${due.window}`;

export function MeasuresPanel({ data, onSafetyPath }: { data: MyMeasures; onSafetyPath: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const current = data.due.find((due) => keyOf(due) === open);
  if (data.due.length === 0 && data.answered.length === 0) return null;
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 text-sm text-muted">
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
        Questionários curtos que ajudam você e seu(sua) psicólogo(a) a acompanhar como você está. São uma autoavaliação,
        não um diagnóstico. Só vocês dois veem as respostas; a empresa nunca vê.
      </p>
      {current ? (
        <MeasureForm
          key={open}
          due={current}
          onCancel={() => setOpen(null)}
          onSent={({ safetyPath }) => {
            setOpen(null);
            toast.success("Respostas enviadas. Obrigado por responder.");
            if (safetyPath) onSafetyPath();
          }}
        />
      ) : data.due.length > 0 ? (
        <ul className="space-y-2">
          {data.due.map((due) => (
            <li
              key={keyOf(due)}
              className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex items-start gap-3">
                <ClipboardList aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={1.75} />
                <div>
                  <p className="font-medium">{careInstruments[due.instrument].name}</p>
                  <p className="text-sm text-muted">
                    {due.window === 0 ? "Antes da primeira sessão" : "Acompanhamento"} com {due.psychologistName} ·{" "}
                    cerca de 2 minutos
                  </p>
                </div>
              </div>
              <Button size="sm" onClick={() => setOpen(keyOf(due))}>
                Responder {careInstruments[due.instrument].name}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {data.answered.length > 0 ? (
        <section aria-labelledby="minhas-autoavaliacoes" className="space-y-2">
          <h3 id="minhas-autoavaliacoes" className="font-semibold">
            Suas respostas
          </h3>
          <ul className="space-y-2">
            {data.answered.map((measure) => (
              <li key={measure.id} className="rounded-lg border border-border bg-surface p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{careInstruments[measure.instrument].name}</span>
                  <Badge>
                    {measure.score} de {measure.maxScore} · {measure.band}
                  </Badge>
                </p>
                <p className="text-muted first-letter:uppercase">
                  {careDay(measure.answeredAt)} · para {measure.psychologistName}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
