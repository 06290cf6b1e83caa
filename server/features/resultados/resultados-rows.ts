/**
 * Resultados as rows (docs/decisions/088): one row per figure and window, never per person. The feed (JSON,
 * CSV), the XLSX and the PDF all write these rows, so the documents and the BI tool read the same numbers.
 */
import { resultadoLabels } from "#core/resultados-messages.ts";
import type { FeedRow, ResultadoFigure, Resultados } from "#core/schemas/resultados.ts";
import { buildCsv, decimal } from "#server/csv.ts";

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

function row(camada: string, periodo: string, indicador: string, figure: ResultadoFigure, digits = 1): FeedRow {
  return {
    camada,
    periodo,
    indicador,
    valor: round(figure.value, digits),
    margem: round(figure.margin, digits),
    n: figure.n,
    taxa_de_resposta: round(figure.rate, 3),
    observacao: figure.hiddenReason,
  };
}

export function resultadosRows(resultados: Resultados): FeedRow[] {
  const share = (figure: ResultadoFigure) => ({
    ...figure,
    value: figure.value === null ? null : figure.value * 100,
    margin: figure.margin === null ? null : figure.margin * 100,
  });
  return [
    ...resultados.adoption.flatMap((month) => [
      {
        camada: resultadoLabels.adoption,
        periodo: month.month,
        indicador: resultadoLabels.eligible,
        valor: month.eligible,
        margem: 0,
        n: month.eligible,
        taxa_de_resposta: null,
        observacao: null,
      },
      row(resultadoLabels.adoption, month.month, resultadoLabels.activated, month.activated, 0),
      row(resultadoLabels.adoption, month.month, resultadoLabels.active, month.active, 0),
      row(resultadoLabels.adoption, month.month, resultadoLabels.steady, month.steady, 0),
    ]),
    ...resultados.wellbeing.flatMap((quarter) => [
      row(resultadoLabels.wellbeing, quarter.quarter, resultadoLabels.who5, quarter.who5),
      ...(quarter.change
        ? [
            row(
              resultadoLabels.wellbeing,
              quarter.quarter,
              `${resultadoLabels.change} (${quarter.baseline})`,
              quarter.change,
            ),
          ]
        : []),
    ]),
    ...resultados.care.flatMap((quarter) => [
      row(resultadoLabels.care, quarter.quarter, resultadoLabels.waitMedianDays, quarter.waitMedianDays, 0),
      row(resultadoLabels.care, quarter.quarter, resultadoLabels.sessionsPerPerson, quarter.sessionsPerPerson),
      row(
        resultadoLabels.care,
        quarter.quarter,
        `${resultadoLabels.reliableImprovement}, %`,
        share(quarter.reliableImprovement),
      ),
      row(resultadoLabels.care, quarter.quarter, `${resultadoLabels.recovery}, %`, share(quarter.recovery)),
    ]),
  ];
}

const FEED_HEADER = ["Camada", "Período", "Indicador", "Valor", "Margem (90%)", "n", "Taxa de resposta", "Observação"];

export function resultadosCsv(resultados: Resultados): string {
  const cell = (value: number | null, digits: number) => (value === null ? null : decimal(value, digits));
  return buildCsv([
    FEED_HEADER,
    ...resultadosRows(resultados).map((line) => [
      line.camada,
      line.periodo,
      line.indicador,
      cell(line.valor, 1),
      cell(line.margem, 1),
      line.n,
      cell(line.taxa_de_resposta, 3),
      line.observacao,
    ]),
  ]);
}
