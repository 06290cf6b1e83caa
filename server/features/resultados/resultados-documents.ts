/**
 * Resultados' documents (issue 47 item 4, docs/decisions/088): the monthly one-page executive PDF (the NR-1
 * PDF's house style, server/features/risks/pdf-layout.ts) and the same figures as XLSX. Both write the rows
 * the feed serves (resultados-rows.ts): the stored noisy figures, never a row per person.
 */
import { formatMonthPtBR } from "#core/format.ts";
import { quarterLabel } from "#core/resultados.ts";
import { resultadoLabels, resultadosMethod } from "#core/resultados-messages.ts";
import type { FeedRow, Resultados } from "#core/schemas/resultados.ts";
import { createDocument, frame, ink, paragraph, table, toBuffer } from "#server/features/risks/index.ts";
import { resultadosRows } from "./resultados-rows.ts";

const TITLE = "Resultados do Sereno";

const periodName = (period: string) => (period.includes("-T") ? quarterLabel(period) : formatMonthPtBR(period));
const number = (value: number | null, digits = 1) =>
  value === null ? "—" : value.toLocaleString("pt-BR", { maximumFractionDigits: digits });

/** The latest closed month's and quarter's rows: one page, the figures a renewal is decided on. */
function latestRows(resultados: Resultados): FeedRow[] {
  const month = resultados.adoption[0]?.month;
  const quarter = resultados.wellbeing[0]?.quarter ?? resultados.care[0]?.quarter;
  return resultadosRows(resultados).filter(
    (row) => row.periodo === month || row.periodo === quarter || row.camada === resultadoLabels.nr1,
  );
}

export async function resultadosPdf(resultados: Resultados, issuedOn: string): Promise<Buffer> {
  const doc = await createDocument(`${TITLE} – ${resultados.company.name}`);
  const done = toBuffer(doc);
  const rows = latestRows(resultados);
  const periods = [...new Set(rows.map((row) => periodName(row.periodo)))].join(" e ") || "nenhum período encerrado";

  doc.y = 70;
  doc.font("Inter-Bold").fontSize(9).fillColor(ink.primary).text("RESUMO EXECUTIVO MENSAL");
  doc.moveDown(0.3).fontSize(20).fillColor(ink.fg).text(TITLE);
  doc.moveDown(0.2).font("Inter").fontSize(11).fillColor(ink.muted).text(`${resultados.company.name} · ${periods}`);
  doc.moveDown(0.6);
  doc.lineWidth(2).strokeColor(ink.primary).moveTo(50, doc.y).lineTo(200, doc.y).stroke();
  doc.moveDown(0.8);
  paragraph(doc, resultados.caveat, 8.5);
  table(
    doc,
    [
      { header: "Indicador", width: 215 },
      { header: "Período", width: 80 },
      { header: "Valor ± margem (90%)", width: 95 },
      { header: "n", width: 45 },
      { header: "Taxa", width: 0 },
    ],
    rows.map((row) => [
      row.valor === null ? row.indicador : { text: row.indicador, bold: true },
      periodName(row.periodo),
      row.valor === null ? (row.observacao ?? "Oculto") : `${number(row.valor)} ± ${number(row.margem)}`,
      row.n === null ? "—" : `≈ ${number(row.n, 0)}`,
      row.taxa_de_resposta === null ? "—" : `${number(row.taxa_de_resposta * 100, 0)}%`,
    ]),
    7.5,
  );
  doc.moveDown(0.6);
  paragraph(doc, "Nota de método", 9, ink.primary);
  for (const line of resultadosMethod) paragraph(doc, line, 7.5, ink.muted);
  frame(doc, {
    header: resultados.company.name,
    title: TITLE,
    footerLeft: resultados.company.name,
    footerRight: (page, pages) => `Emitido em ${issuedOn} · Página ${page} de ${pages}`,
  });
  doc.end();
  return done;
}

export async function resultadosXlsx(resultados: Resultados): Promise<Buffer> {
  // Loaded on the first export, not at start-up (docs/decisions/021).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.creator = "Sereno";
  book.title = TITLE;
  const sheet = book.addWorksheet("Resultados");
  sheet.columns = [
    { header: "Camada", key: "camada", width: 16 },
    { header: "Período", key: "periodo", width: 12 },
    { header: "Indicador", key: "indicador", width: 60 },
    { header: "Valor", key: "valor", width: 10 },
    { header: "Margem (90%)", key: "margem", width: 14 },
    { header: "n", key: "n", width: 8 },
    { header: "Taxa de resposta", key: "taxa_de_resposta", width: 16 },
    { header: "Observação", key: "observacao", width: 50 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(resultadosRows(resultados));
  sheet.getColumn("taxa_de_resposta").numFmt = "0%";
  const notes = book.addWorksheet("Método");
  notes.columns = [{ key: "text", width: 120 }];
  notes.addRows([[resultados.caveat], [], ...resultadosMethod.map((line) => [line])]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
