import { ClipboardCheck, Dumbbell, EyeOff, Gauge, HeartPulse, Smile, UserPlus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import {
  countOf,
  formatDayPtBR,
  formatDecimal,
  formatNumber,
  formatPercent,
  formatScaleRange,
  relativeTimePtBR,
} from "#core/format.ts";
import { loadFailed, messages } from "#core/messages.ts";
import type { TeamSummary } from "#core/schemas/reports.ts";
import { teamMessages } from "#core/team-messages.ts";
import { DASHBOARD_PARTICIPATION_ALERT, moodBand, moodPercent } from "#core/team-metrics.ts";
import { DashboardOutage, isEverythingDown } from "#web/components/dashboard-outage.tsx";
import { managerGreeting, TeamFiguresLoading } from "#web/components/dashboard-start.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { WelcomeBanner } from "#web/components/welcome-banner.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { useViewer } from "#web/lib/session.ts";
import { useTeamInsights, useTeamSummary } from "./insights.queries.ts";
import { RecommendedActions } from "./recommended-actions.tsx";
import { TeamInsightsPanel } from "./team-insights-panel.tsx";

function Tile({ label, icon, value, hint }: { label: string; icon: ReactNode; value: ReactNode; hint: ReactNode }) {
  return (
    <Card role="group" aria-label={label} className="space-y-2">
      <p className="flex items-center gap-2 text-sm font-medium text-muted">
        {icon} {label}
      </p>
      <div className="text-3xl font-semibold">{value}</div>
      <div className="text-sm text-muted wrap-anywhere">{hint}</div>
    </Card>
  );
}

function WithheldMood({ minGroup }: { minGroup: number }) {
  return (
    <span className="flex items-start gap-2 text-base font-medium">
      <EyeOff aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" />
      {teamMessages.moodHidden}
      <span className="sr-only"> (menos de {minGroup} pessoas responderam)</span>
    </span>
  );
}

/** The manager's dashboard (spec 2): figures of the last 7 days, only aggregated and anonymous. */
export function ManagerDashboard() {
  const me = useViewer();
  const summary = useTeamSummary(null);
  // Shared with TeamInsightsPanel through the cache: when both fail, one message instead of two error panels.
  const insights = useTeamInsights(null);
  const queries = [summary, insights];
  const isNoCompany = summary.error instanceof ApiError && summary.error.code === "NO_COMPANY";
  return (
    <div className="space-y-6">
      <WelcomeBanner name={me.name}>{managerGreeting}</WelcomeBanner>
      {isEverythingDown(queries) && !isNoCompany ? (
        <DashboardOutage queries={queries} />
      ) : isNoCompany ? (
        <EmptyState icon={Users} title={messages.noCompany}>
          Peça a um administrador da plataforma para vincular você a uma empresa.
        </EmptyState>
      ) : (
        <QueryPanel
          query={summary}
          errorMessage={loadFailed("as estatísticas da equipe")}
          loading={<TeamFiguresLoading />}
        >
          {(data) => <ManagerFigures data={data} />}
        </QueryPanel>
      )}
      {isNoCompany || isEverythingDown(queries) ? null : <TeamInsightsPanel companyId={null} />}
    </div>
  );
}

function ManagerFigures({ data }: { data: TeamSummary }) {
  if (data.totalMembers <= 1) {
    return (
      <EmptyState icon={UserPlus} title="Convide sua equipe para começar">
        Por enquanto só você está na empresa. Convide as pessoas em{" "}
        <Link to="/team" className="font-medium text-primary underline underline-offset-4">
          Equipe
        </Link>
        : a participação aparece quando elas fizerem o check-in, e o humor do grupo quando houver respostas suficientes
        para manter o anonimato.
      </EmptyState>
    );
  }
  const mood = data.averageMood7d;
  const percent = mood === null ? null : moodPercent(mood);
  const band = percent === null ? null : moodBand(percent);
  const closedRange = `${formatDayPtBR(data.moodFrom)} a ${formatDayPtBR(data.moodTo)}`;
  // A small company sees no 7-day mood at all (docs/decisions/040): the reason is its size, not who answered.
  const withheldWhy =
    data.grain === "month"
      ? `Equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas veem o humor por mês encerrado, em Relatórios, e não o de cada semana.`
      : data.moodDays7d > 0
        ? // Days were shown, but together too few answers for a mean precise enough (docs/decisions/061).
          `De ${closedRange}, houve respostas, mas poucas para uma média precisa: com a variação que protege o anonimato, ela diria pouco. Veja o mês em Relatórios.`
        : `Em nenhum dia de ${closedRange} cerca de ${data.minGroup} membros ou mais responderam (gestores e contas novas não contam); mostrar a média poderia revelar respostas individuais.`;
  // Closed days the publishing job has not reached yet (issue 37): said plainly, never as hidden.
  const preparing = data.preparingDays > 0 ? teamMessages.daysPreparing : null;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Tile
          label="Total de membros"
          icon={<Users aria-hidden className="size-4 text-primary" />}
          value={formatNumber(data.totalMembers)}
          hint={data.company.name}
        />
        <Tile
          label="Check-ins hoje"
          icon={<ClipboardCheck aria-hidden className="size-4 text-primary" />}
          value={formatNumber(data.checkInsToday)}
          hint={`de ${countOf(data.totalMembers, "pessoa", "pessoas")}`}
        />
        <Tile
          label="Taxa de participação"
          icon={<Gauge aria-hidden className="size-4 text-primary" />}
          value={formatPercent(data.participation7d)}
          hint="Últimos 7 dias"
        />
        <Tile
          label="Humor médio"
          icon={<HeartPulse aria-hidden className="size-4 text-accent" />}
          value={
            mood === null ? (
              preparing ? (
                <span className="text-base font-medium">{teamMessages.moodPreparing}</span>
              ) : (
                <WithheldMood minGroup={data.minGroup} />
              )
            ) : (
              `${formatDecimal(mood)}/5`
            )
          }
          hint={
            preparing ??
            (mood === null
              ? withheldWhy
              : `${formatScaleRange(mood, data.averageMood7dMargin)}. Dias encerrados de ${closedRange} (${countOf(data.moodDays7d, "dia mostrado", "dias mostrados")}); o dia de hoje entra amanhã.`)
          }
        />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card className="space-y-4">
          <CardTitle>Bem-estar da equipe</CardTitle>
          {percent === null ? (
            <div className="flex gap-3 rounded-lg bg-surface-2 p-4 text-sm">
              <EyeOff aria-hidden className="size-5 shrink-0 text-muted" />
              <div>
                <p className="font-medium">{preparing ? teamMessages.moodPreparing : teamMessages.moodHidden}</p>
                <p className="text-muted">{preparing ?? withheldWhy}</p>
              </div>
            </div>
          ) : (
            <div className="flex items-center gap-4">
              <span
                className={cn(
                  "flex size-16 shrink-0 items-center justify-center rounded-full",
                  band === "good"
                    ? "bg-success-soft text-success"
                    : band === "attention"
                      ? "bg-warning-soft text-warning"
                      : "bg-danger-soft text-danger",
                )}
              >
                <Smile aria-hidden className="size-8" />
              </span>
              <div>
                <p className="text-3xl font-semibold">{percent}%</p>
                <p className="text-sm text-muted">
                  {band === "good"
                    ? "A equipe está, em média, bem."
                    : band === "attention"
                      ? "Vale acompanhar de perto nas próximas semanas."
                      : "A equipe parece sobrecarregada. Considere as ações abaixo."}
                </p>
              </div>
            </div>
          )}
          <p className="text-xs text-muted">
            Média dos 7 dias encerrados, até ontem (humor × 20). Cada dia só entra com pelo menos {data.minGroup}{" "}
            membros respondendo.
          </p>
        </Card>
        <Card className="space-y-4">
          <CardTitle>Atividades da equipe</CardTitle>
          {data.activities.length === 0 ? (
            <EmptyState icon={ClipboardCheck} title="Nenhuma atividade nos últimos 7 dias">
              Quando a equipe fizer check-ins e exercícios, os totais aparecem aqui.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-border">
              {data.activities.map((activity) => {
                const Icon =
                  activity.kind === "joined" ? UserPlus : activity.kind === "exercises" ? Dumbbell : ClipboardCheck;
                return (
                  <li key={activity.id} className="flex items-center gap-3 py-3 text-sm">
                    <Icon aria-hidden className="size-5 shrink-0 text-primary" />
                    <span className="flex-1">{activity.text}</span>
                    {activity.kind === "joined" ? (
                      <time className="text-xs text-muted" dateTime={activity.at}>
                        {relativeTimePtBR(new Date(activity.at))}
                      </time>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      </div>
      <RecommendedActions
        participation={data.participation7d}
        averageMood={mood}
        participationAlert={DASHBOARD_PARTICIPATION_ALERT}
        isHiddenWhenFine
      />
    </>
  );
}
