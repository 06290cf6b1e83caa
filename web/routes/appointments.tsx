/**
 * 'Consultas' for managers and admins (issue 13): how the company uses care,
 * per closed month, how many people had a session, with noise and its margin; small figures hidden
 * (docs/decisions/025, 040).
 */
import { loadFailed } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { useCareUsage } from "#web/features/care/care.queries.ts";
import { UsageTable } from "#web/features/care/usage-table.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";

export function meta() {
  return [{ title: "Consultas | Sereno" }];
}

export default function AppointmentsPage() {
  const choice = useCompanyChoice();
  const usage = useCareUsage(choice.companyId, choice.ready);
  const hasNoCompanies = choice.isAdmin && choice.companies.data?.length === 0;
  return (
    <div className="space-y-6">
      <PageIntro>
        Quantas pessoas da equipe tiveram sessão de apoio psicológico, por mês encerrado (o mês em curso aparece quando
        terminar). O atendimento é confidencial: aqui só há um total aproximado do grupo.
      </PageIntro>
      <CompanyPicker choice={choice} />
      {hasNoCompanies ? null : (
        <Card className="space-y-3">
          <CardTitle>Uso por mês</CardTitle>
          <QueryPanel query={usage} errorMessage={loadFailed("o uso do apoio psicológico")}>
            {(data) => <UsageTable usage={data} />}
          </QueryPanel>
        </Card>
      )}
    </div>
  );
}
