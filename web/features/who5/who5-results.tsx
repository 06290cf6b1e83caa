/**
 * The member's own WHO-5 (docs/decisions/078): the latest index with a calm
 * reading, how it moved since the time before, and every answer as a bar.
 * `support` is what the page shows at 50 or below (the route composes the
 * crisis card); nothing here alarms.
 */
import type { ReactNode } from "react";
import { formatDayPtBR } from "#core/format.ts";
import type { Who5Status } from "#core/schemas/who5.ts";
import { WHO5_SUPPORT_AT_OR_BELOW, who5, who5Reading, who5Trend } from "#core/who5.ts";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";

export function Who5Results({ status, support }: { status: Who5Status; support: ReactNode }) {
  const { results, nextAnswerDay } = status;
  const latest = results.at(-1);
  if (!latest) return null;
  const previous = results.at(-2) ?? null;
  const trend = who5Trend(latest.score, previous?.score ?? null);
  return (
    <div className="space-y-6">
      <Card className="space-y-3" aria-labelledby="who5-ultimo" role="region">
        <CardTitle id="who5-ultimo">Seu índice mais recente</CardTitle>
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-semibold text-primary" data-testid="who5-score">
            {latest.score}
          </span>
          <span className="text-muted">de 100, em {formatDayPtBR(latest.day)}</span>
        </p>
        <p className="leading-relaxed">{who5Reading(latest.score)}</p>
        {trend ? <p className="leading-relaxed">{trend}</p> : null}
        <CardDescription>
          {nextAnswerDay
            ? `Você poderá responder de novo a partir de ${formatDayPtBR(nextAnswerDay)}: o Painel avisa quando chegar a hora.`
            : "Você já pode responder de novo no Painel."}
        </CardDescription>
      </Card>
      {latest.score <= WHO5_SUPPORT_AT_OR_BELOW ? support : null}
      <Card className="space-y-4" aria-labelledby="who5-evolucao" role="region">
        <CardTitle id="who5-evolucao">Sua evolução</CardTitle>
        <ol className="space-y-3">
          {results.map((result) => (
            <li key={result.id} className="grid grid-cols-[6.5rem_1fr_3.5rem] items-center gap-3 text-sm">
              <span>{formatDayPtBR(result.day)}</span>
              <span aria-hidden className="h-3 overflow-hidden rounded-full bg-primary-soft">
                <span className="block h-full rounded-full bg-primary" style={{ width: `${result.score}%` }} />
              </span>
              <span className="text-right font-medium">
                {result.score}
                <span className="sr-only"> de 100</span>
              </span>
            </li>
          ))}
        </ol>
        <CardDescription>
          O índice vai de 0 a 100: quanto maior, maior o bem-estar nas duas semanas antes de cada resposta. Ele não é um
          diagnóstico; é um jeito de você acompanhar como tem se sentido.
        </CardDescription>
      </Card>
      <p className="text-xs text-muted">{who5.attribution}</p>
    </div>
  );
}
