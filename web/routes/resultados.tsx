import { BarChart3 } from "lucide-react";
import { loadFailed } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useResultados } from "#web/features/resultados/resultados.queries.ts";
import { ResultadosView } from "#web/features/resultados/resultados-view.tsx";
import { ApiKeyForm } from "#web/features/roster/api-key-form.tsx";
import { ApiKeyList } from "#web/features/roster/api-key-list.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";

export function meta() {
  return [{ title: "Resultados | Sereno" }];
}

const FEED_KEYS = "/api/resultados/api-keys";

function FeedKeys({ companyId }: { companyId: string | null }) {
  return (
    <Card className="space-y-4" role="region" aria-labelledby="power-bi">
      <div className="flex items-start gap-3">
        <BarChart3 aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
        <div className="space-y-1">
          <CardTitle id="power-bi">Power BI e Excel</CardTitle>
          <CardDescription>
            Os mesmos números desta página, para o seu painel: em Obter dados › Da Web, use{" "}
            <code>/api/v1/resultados/figuras.csv</code> (ou <code>/api/v1/resultados/figuras</code> em JSON) com uma
            chave daqui, em Básico (a chave como senha). Só leitura, só números do grupo, nunca uma linha por pessoa.
          </CardDescription>
        </div>
      </div>
      <ApiKeyForm
        companyId={companyId}
        base={FEED_KEYS}
        label="Chave do painel"
        placeholder="Por exemplo, Power BI do RH"
      />
      <ApiKeyList
        companyId={companyId}
        base={FEED_KEYS}
        revokeDescription="O painel que usa esta chave deixa de atualizar na hora. Não dá para desfazer: para voltar, crie outra chave e troque no painel."
      />
    </Card>
  );
}

/** /resultados (issue 47, docs/decisions/088): the outcomes report for a company's managers and admins. */
export default function ResultadosPage() {
  const choice = useCompanyChoice();
  const resultados = useResultados(choice.companyId, choice.ready);
  const hasNoCompanies = choice.isAdmin && choice.companies.data?.length === 0;
  const scope = choice.companyId ? `?companyId=${encodeURIComponent(choice.companyId)}` : "";
  return (
    <div className="space-y-6">
      <PageIntro>
        O que mudou desde que a empresa começou com o Sereno, em números do grupo: cada um com quantas pessoas ele conta
        (n), quantas responderam e a sua margem. Ninguém aparece individualmente.
      </PageIntro>
      <CompanyPicker choice={choice} />
      {hasNoCompanies ? null : (
        <>
          <QueryPanel
            query={resultados}
            errorMessage={loadFailed("os resultados da empresa")}
            loading={<Skeleton className="h-96 w-full" />}
          >
            {(data) => <ResultadosView data={data} pdfHref={`/api/resultados/resumo.pdf${scope}`} />}
          </QueryPanel>
          {choice.ready ? <FeedKeys companyId={choice.companyId} /> : null}
        </>
      )}
    </div>
  );
}
