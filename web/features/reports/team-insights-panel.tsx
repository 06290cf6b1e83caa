import { CalendarDays, Dumbbell, EyeOff, Lightbulb, type LucideIcon, Sigma, TrendingUp } from "lucide-react";
import { formatDayPtBR } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import type { TeamInsights } from "#core/schemas/reports.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useTeamInsights } from "./insights.queries.ts";

const icons: Record<TeamInsights["findings"][number]["kind"], LucideIcon> = {
  participation: TrendingUp,
  weekday: CalendarDays,
  exercises: Dumbbell,
};
const confidenceTone = { alta: "success", média: "primary", baixa: "neutral" } as const;

function InsightsBody({ data }: { data: TeamInsights }) {
  return (
    <div className="space-y-5">
      {data.findings.length > 0 ? (
        <ul className="space-y-4">
          {data.findings.map((finding) => {
            const Icon = icons[finding.kind];
            return (
              <li key={finding.kind} className="flex gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={1.75} />
                <div className="min-w-0 space-y-1">
                  <p className="text-sm text-fg">{finding.sentence}</p>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
                    <Badge tone={confidenceTone[finding.confidence]}>Confiança {finding.confidence}</Badge>
                    {finding.test}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      {data.withheld.length > 0 ? (
        <ul className="space-y-2">
          {data.withheld.map((item) => (
            <li key={item.kind} className="flex gap-3 rounded-lg bg-surface-2 p-3 text-sm text-muted">
              <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
              {item.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {data.actions.length > 0 ? (
        <div className="space-y-2">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Lightbulb aria-hidden className="size-4 text-accent" strokeWidth={1.75} /> O que fazer primeiro
          </h3>
          <ol className="list-decimal space-y-2 pl-5 text-sm">
            {data.actions.map((action) => (
              <li key={action.because}>
                <span className="font-medium">{action.title}.</span> {action.text}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <p className="text-xs text-muted">
        Calculado com testes estatísticos sobre os dias publicados de {formatDayPtBR(data.from)} a{" "}
        {formatDayPtBR(data.to)}, só com números do grupo. Não é inteligência artificial, e nenhum achado fala de uma
        pessoa. Dias com menos de {data.minGroup} membros respondendo ficam de fora.
      </p>
    </div>
  );
}

/** 'Insights da equipe' (docs/decisions/019), on the manager dashboard and /reports. */
export function TeamInsightsPanel({ companyId, enabled = true }: { companyId: string | null; enabled?: boolean }) {
  const insights = useTeamInsights(companyId, enabled);
  return (
    <Card>
      <section aria-labelledby="insights-titulo" className="space-y-4">
        <div className="flex items-start gap-3">
          <Sigma aria-hidden className="mt-1 size-5 shrink-0 text-primary" strokeWidth={1.75} />
          <div className="space-y-1">
            <CardTitle id="insights-titulo">Insights da equipe</CardTitle>
            <CardDescription>Padrões dos últimos 90 dias, com o grau de certeza de cada um.</CardDescription>
          </div>
        </div>
        <QueryPanel
          query={insights}
          errorMessage={loadFailed("os insights da equipe")}
          loading={<Skeleton className="h-32 w-full" />}
        >
          {(data) => <InsightsBody data={data} />}
        </QueryPanel>
      </section>
    </Card>
  );
}
