import { lazy, Suspense } from "react";
import { loadFailed } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useResultados } from "#web/features/resultados/resultados.queries.ts";
import { ResultadosView } from "#web/features/resultados/resultados-view.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";

export function meta() {
  return [{ title: "Resultados | Sereno" }];
}

// The keys' form and list are Importar pessoas' too: loaded on use, so that page's first load stays as it was.
const FeedKeys = lazy(() =>
  import("#web/features/roster/feed-keys.tsx").then((module) => ({ default: module.FeedKeys })),
);

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
          {choice.ready ? (
            <Suspense fallback={<Skeleton className="h-40 w-full" />}>
              <FeedKeys companyId={choice.companyId} />
            </Suspense>
          ) : null}
        </>
      )}
    </div>
  );
}
