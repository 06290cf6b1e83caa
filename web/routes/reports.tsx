import { useSearchParams } from "react-router";
import { loadFailed } from "#core/messages.ts";
import { type ReportPeriod, reportPeriods } from "#core/report-periods.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { ListeningFigures } from "#web/features/listening/listening-figures.tsx";
import { ChannelReach } from "#web/features/reports/channel-reach.tsx";
import { useReport } from "#web/features/reports/insights.queries.ts";
import { PeriodPicker } from "#web/features/reports/period-picker.tsx";
import { ReportSkeleton, ReportView } from "#web/features/reports/report-view.tsx";
import { TeamInsightsPanel } from "#web/features/reports/team-insights-panel.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";

export function meta() {
  return [{ title: "Relatórios | Sereno" }];
}

const DEFAULT_PERIOD: ReportPeriod = "30d";

function isPeriod(value: string | null): value is ReportPeriod {
  return reportPeriods.some((period) => period === value);
}

/** Spec 2 'Reports': company figures for a period, aggregated and anonymous (docs/design.md §4). */
export default function ReportsPage() {
  const choice = useCompanyChoice();
  const [params, setParams] = useSearchParams();
  const asked = params.get("periodo");
  const period = isPeriod(asked) ? asked : DEFAULT_PERIOD;
  const report = useReport(period, choice.companyId, choice.ready);
  const hasNoCompanies = choice.isAdmin && choice.companies.data?.length === 0;

  const choosePeriod = (next: ReportPeriod) =>
    setParams((current) => ({ ...Object.fromEntries(current), periodo: next }), { replace: true });

  return (
    <div className="space-y-6">
      {/* On paper the report's own header comes first (report-view.tsx). */}
      <div className="print:hidden">
        <PageIntro>
          Como a equipe está se cuidando, em números do grupo. Ninguém aparece individualmente, e o humor só é mostrado
          quando há respostas suficientes para manter o anonimato.
        </PageIntro>
      </div>
      <div className="print:hidden">
        <CompanyPicker choice={choice} />
      </div>
      {hasNoCompanies ? null : (
        <>
          <PeriodPicker value={period} onChange={choosePeriod} />
          <QueryPanel
            query={report}
            errorMessage={loadFailed("as estatísticas da equipe")}
            loading={<ReportSkeleton />}
          >
            {(data) => <ReportView report={data} isUpdating={report.isPlaceholderData} showCompany={choice.isAdmin} />}
          </QueryPanel>
          <TeamInsightsPanel companyId={choice.companyId} enabled={choice.ready} />
          <ListeningFigures companyId={choice.companyId ?? undefined} enabled={choice.ready} />
          <ChannelReach companyId={choice.companyId ?? undefined} enabled={choice.ready} />
        </>
      )}
    </div>
  );
}
