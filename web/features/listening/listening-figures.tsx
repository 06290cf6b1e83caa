import { formatNumber } from "#core/format.ts";
import { caseCategories, caseCategoryIds, caseStatuses, caseStatusIds } from "#core/listening.ts";
import { loadFailed } from "#core/messages.ts";
import type { ListeningFigures as Figures } from "#core/schemas/listening.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ScrollRegion } from "#web/components/ui/scroll-region.tsx";
import { useListeningFigures } from "./listening.queries.ts";

type Cell = Figures["quarters"][number]["byCategory"][string];

const shownCount = (cell: Cell | undefined) =>
  cell?.shown && cell.count !== null ? `cerca de ${formatNumber(cell.count)}` : "—";

/**
 * /reports (issue 35): the Canal de escuta's cases per closed quarter, by
 * category and by status, as the disclosure layer released them. Counts
 * only: a manager who is not a handler never sees a case.
 */
export function ListeningFigures({ companyId, enabled }: { companyId?: string; enabled: boolean }) {
  const figures = useListeningFigures(companyId, enabled);
  return (
    <Card className="space-y-4" role="region" aria-labelledby="escuta-numeros">
      <CardTitle id="escuta-numeros">Canal de escuta por trimestre</CardTitle>
      <CardDescription>
        Casos recebidos em cada trimestre fechado, por categoria e por situação. Números aproximados; "—" quando há
        poucos casos para mostrar sem expor quem escreveu.
      </CardDescription>
      <QueryPanel query={figures} errorMessage={loadFailed("os números do canal de escuta")}>
        {(data) => (
          <ScrollRegion label="Casos do canal de escuta por trimestre">
            <table className="w-full min-w-lg text-left text-sm">
              <caption className="sr-only">Casos do canal de escuta por trimestre</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-3">
                    &nbsp;
                  </th>
                  {data.quarters.map((quarter) => (
                    <th key={quarter.id} scope="col" className="py-2 pr-3 font-medium">
                      {quarter.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {caseCategoryIds.map((id) => (
                  <tr key={id} className="border-b border-border/60">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      {caseCategories[id].label}
                    </th>
                    {data.quarters.map((quarter) => (
                      <td key={quarter.id} className="py-2 pr-3">
                        {shownCount(quarter.byCategory[id])}
                      </td>
                    ))}
                  </tr>
                ))}
                {caseStatusIds.map((id) => (
                  <tr key={id} className="border-b border-border/60">
                    <th scope="row" className="py-2 pr-3 font-normal">
                      Situação: {caseStatuses[id]}
                    </th>
                    {data.quarters.map((quarter) => (
                      <td key={quarter.id} className="py-2 pr-3">
                        {shownCount(quarter.byStatus[id])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueryPanel>
    </Card>
  );
}
