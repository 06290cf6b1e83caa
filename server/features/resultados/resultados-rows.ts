/**
 * Resultados as rows (docs/decisions/088): one row per figure and window, never per person. The feed (JSON,
 * CSV), the XLSX and the PDF all write these rows, so the documents and the BI tool read the same numbers.
 */
import { resultadoLabels, resultadosMessages } from "#core/resultados-messages.ts";
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

/** The NR-1 layer (docs/decisions/093): per dimension, before, after and the change, on the later campaign's month. */
function nr1Rows(nr1: Resultados["nr1"]): FeedRow[] {
  const { before, after } = nr1;
  if (!before || !after) return [];
  const periodo = after.closedAt.slice(0, 7);
  const side = (
    indicador: string,
    value: { index: number; margin: number | null } | null,
    n: number,
    from: string,
  ) => ({
    camada: resultadoLabels.nr1,
    periodo,
    indicador,
    valor: value?.index ?? null,
    margem: value?.margin ?? null,
    n,
    taxa_de_resposta: null,
    observacao: value ? from : resultadosMessages.hiddenFew(3),
  });
  return nr1.dimensions.flatMap((d) => [
    side(`${d.name}: ${resultadoLabels.nr1Before}`, d.before, before.n, before.title),
    side(`${d.name}: ${resultadoLabels.nr1After}`, d.after, after.n, after.title),
    {
      ...side(`${d.name}: ${resultadoLabels.nr1Change}`, null, after.n, ""),
      valor: d.change,
      observacao: d.change === null ? null : `${before.title} → ${after.title}`,
    },
  ]);
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
      row(resultadoLabels.wellbeing, quarter.quarter, resultadoLabels.mood, quarter.mood, 2),
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
    ...nr1Rows(resultados.nr1),
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
