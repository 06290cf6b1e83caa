import { BarChart3, EyeOff } from "lucide-react";
import { useState } from "react";
import { formatWithMargin } from "#core/risks.ts";
import type { CampaignFigures, RiskOverview } from "#core/schemas/risk-responses.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Label, Select } from "#web/components/ui/field.tsx";
import { ScrollRegion } from "#web/components/ui/scroll-region.tsx";
import { AssessmentPanel } from "./assessment-panel.tsx";
import { ClassifiedFigure } from "./classified-figure.tsx";
import { probabilityClass } from "./level-style.ts";
import { scopeQuery, useCampaignFigures } from "./risks.queries.ts";

function Heatmap({ results }: { results: NonNullable<CampaignFigures["results"]> }) {
  return (
    <ScrollRegion label="Mapa de calor dos resultados">
      <table className="min-w-full border-collapse text-sm">
        <caption className="mb-2 text-left text-muted">
          Cada célula é classificada pelos critérios, pela parcela de respostas em faixa adversa; abaixo, essa parcela e
          o índice de risco (0 melhor, 100 pior) como faixas: cada resultado leva uma pequena variação aleatória que
          protege o anonimato. Quando a faixa cabe em mais de uma classe, o grupo é pequeno demais para concluir.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="p-2 text-left">
              Dimensão
            </th>
            {results.rows.map((row) => (
              <th key={row.sectorId} scope="col" className="p-2 text-left">
                {row.name}
                <span className="block text-xs font-normal text-muted">
                  cerca de {formatWithMargin(row.responses, row.responsesMargin)} respostas
                  {row.pooledFrom.length ? ` · inclui ${row.pooledFrom.join(", ")}` : ""}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.dimensions.map((dimension) => (
            <tr key={dimension.id} className="border-t border-border">
              <th scope="row" className="p-2 text-left font-medium">
                {dimension.name}
              </th>
              {results.rows.map((row) => {
                const cell = row.cells.find((c) => c.id === dimension.id);
                const { size, probabilityLabels } = results.classification;
                return (
                  <td key={row.sectorId} className={`p-2 ${probabilityClass(cell?.probability ?? null, size)}`}>
                    {cell ? <ClassifiedFigure figure={cell} labels={probabilityLabels} /> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function ResultsTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const finished = data.campaigns.filter((c) => c.status === "closed" || c.status === "published");
  const [campaignId, setCampaignId] = useState(finished[0]?.id ?? null);
  const figures = useCampaignFigures(companyId, campaignId);
  const campaign = finished.find((c) => c.id === campaignId);
  if (!campaign) {
    return (
      <EmptyState icon={BarChart3} title="Nenhum resultado ainda">
        Os resultados aparecem quando uma campanha é encerrada. Enquanto ela está aberta, você vê só quantas pessoas
        foram convidadas.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      {finished.length > 1 ? (
        <div className="flex flex-col gap-1.5 sm:max-w-sm">
          <Label htmlFor="results-campaign">Campanha</Label>
          <Select id="results-campaign" value={campaignId ?? ""} onChange={(e) => setCampaignId(e.target.value)}>
            {finished.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <QueryPanel query={figures} errorMessage="Não foi possível carregar os resultados.">
        {({ participation, results }) =>
          results ? (
            <>
              <Card className="space-y-3">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <CardTitle>Mapa de calor – {campaign.title}</CardTitle>
                    <CardDescription>
                      {participation.invited} {participation.invited === 1 ? "pessoa convidada" : "pessoas convidadas"}.
                      As respostas aparecem por grupo, aproximadas.
                    </CardDescription>
                  </div>
                  <a
                    className={buttonClass("secondary", "sm")}
                    href={`/api/risks/campaigns/${campaign.id}/export.csv${scopeQuery(companyId)}`}
                    download
                  >
                    Baixar CSV agregado
                  </a>
                </div>
                {results.hiddenSectors.length ? (
                  <Alert tone="info">
                    <span className="inline-flex items-center gap-1">
                      <EyeOff aria-hidden className="size-4" /> Dados ocultos para proteger o anonimato:
                    </span>{" "}
                    grupos pequenos demais para aparecer sozinhos ({results.hiddenSectors.join(", ")}). As respostas
                    deles, se houver, entram no setor de cima.
                  </Alert>
                ) : null}
                {results.rows.length ? (
                  <Heatmap results={results} />
                ) : (
                  <p className="text-sm text-muted">
                    Nenhum grupo teve respostas suficientes para aparecer sem expor ninguém.
                  </p>
                )}
              </Card>
              <Card>
                <CardTitle className="text-base">Os 13 perigos psicossociais (guia MTE)</CardTitle>
                <CardDescription>
                  O estabelecimento todo, classificado pelos critérios pela dimensão com mais respostas em faixa
                  adversa.
                </CardDescription>
                <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                  {results.hazards.map((hazard) => (
                    <li
                      key={hazard.id}
                      className={`rounded px-3 py-2 text-sm ${probabilityClass(hazard.probability, results.classification.size)}`}
                    >
                      <span className="block font-medium">{hazard.name}</span>
                      {hazard.adverseRange ? (
                        <ClassifiedFigure figure={hazard} labels={results.classification.probabilityLabels} />
                      ) : (
                        <span className="block text-xs">Sem dados visíveis</span>
                      )}
                    </li>
                  ))}
                </ul>
              </Card>
              <AssessmentPanel data={data} companyId={companyId} campaign={campaign} results={results} />
            </>
          ) : null
        }
      </QueryPanel>
    </div>
  );
}
