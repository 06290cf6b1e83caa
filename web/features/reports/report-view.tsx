import { CalendarDays, ChartColumn } from "lucide-react";
import { countOf, formatDateTimePtBR, formatDayPtBR } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { teamMessages } from "#core/team-messages.ts";
import { REPORTS_PARTICIPATION_ALERT } from "#core/team-metrics.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";
import { EnergyStressChart } from "./energy-stress-chart.tsx";
import { ExportCsvButton } from "./export-csv-button.tsx";
import { MetricCards } from "./metric-cards.tsx";
import { MonthlyMood } from "./monthly-mood.tsx";
import { MoodChart } from "./mood-chart.tsx";
import { ParticipationChart } from "./participation-chart.tsx";
import { RecommendedActions } from "./recommended-actions.tsx";

/** A report on screen: its range, the three figures, the charts (participation, mood, energy and stress) and what to do next. */
export function ReportView({
  report,
  isUpdating,
  showCompany,
}: {
  report: Report;
  /** True while another period or company loads and this one is still shown. */
  isUpdating: boolean;
  showCompany: boolean;
}) {
  const hasCheckIns = report.checkIns > 0;
  // Nobody to count, or no closed day yet: one calm state instead of zeros and alerts.
  const isEmpty = report.members === 0 || report.days === 0;
  return (
    <div aria-busy={isUpdating} className={cn("space-y-6 transition-opacity", isUpdating && "opacity-60")}>
      <PrintHeader report={report} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between print:hidden">
        <p className="flex items-center gap-2 text-sm text-muted" aria-live="polite">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-primary" strokeWidth={1.75} />
          <span className="min-w-0 wrap-anywhere">
            {showCompany ? <strong className="font-medium text-fg">{report.company.name} · </strong> : null}
            {formatDayPtBR(report.from)} a {formatDayPtBR(report.to)} · {countOf(report.days, "dia", "dias")}
          </span>
        </p>
        <ExportCsvButton
          period={report.period}
          companyId={showCompany ? report.company.id : undefined}
          disabled={isUpdating}
        />
      </div>
      <p className="rounded-lg bg-surface-2 px-4 py-3 text-sm text-muted">
        Os números cobrem só dias já encerrados, até ontem: o dia de hoje entra amanhã. Cada número recebe uma variação
        aleatória de propósito (por isso as médias aparecem como um intervalo) e só aparece quando cerca de{" "}
        {report.minGroup} membros ou mais responderam, para que ninguém possa ser identificado, nem comparando
        relatórios ao longo do tempo.
      </p>
      {report.preparingDays > 0 ? (
        // Closed days the publishing job has not reached yet (issue 37): the figures are of the others.
        <p role="status" className="rounded-lg border border-border px-4 py-3 text-sm">
          {teamMessages.daysPreparing}
        </p>
      ) : null}
      {isEmpty ? null : <MetricCards report={report} />}
      {isEmpty ? null : <MonthlyMood report={report} />}
      {hasCheckIns ? (
        <div className="grid gap-6">
          <ParticipationChart report={report} />
          <MoodChart report={report} />
          <EnergyStressChart report={report} />
        </div>
      ) : report.preparingDays > 0 ? null : (
        <EmptyState
          icon={ChartColumn}
          title={
            report.members === 0
              ? "Ainda não há ninguém nesta equipe"
              : report.days === 0
                ? "Ainda não há um dia encerrado neste período"
                : "Ainda não há check-ins neste período"
          }
        >
          {report.members === 0
            ? "Convide as pessoas em Equipe. Os gráficos aparecem quando elas começarem a fazer o check-in diário."
            : report.days === 0
              ? "Os relatórios mostram só dias já encerrados: os números de hoje aparecem amanhã."
              : "Os gráficos e o humor médio aparecem assim que as pessoas fizerem o check-in diário. As respostas continuam anônimas: você vê só os números do grupo."}
        </EmptyState>
      )}
      {isEmpty ? null : (
        <RecommendedActions
          participation={report.participation}
          averageMood={report.averageMood}
          participationAlert={REPORTS_PARTICIPATION_ALERT}
        />
      )}
    </div>
  );
}

/** On paper only: whose report, which period and when it was generated (the screen shows them in its controls). */
function PrintHeader({ report }: { report: Report }) {
  return (
    <header data-testid="print-header" className="hidden space-y-1 border-b border-border pb-4 print:block">
      <p className="text-sm text-muted">Sereno · Relatório de bem-estar da equipe</p>
      <p className="text-2xl font-semibold">{report.company.name}</p>
      <p className="text-sm">
        Período: {formatDayPtBR(report.from)} a {formatDayPtBR(report.to)} ({countOf(report.days, "dia", "dias")}) ·
        Gerado em {formatDateTimePtBR(new Date().toISOString())}
      </p>
    </header>
  );
}

export function ReportSkeleton() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-11 w-full sm:w-80" />
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="h-80" />
      <Skeleton className="h-80" />
    </div>
  );
}
