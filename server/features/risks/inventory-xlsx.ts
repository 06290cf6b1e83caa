/**
 * The inventory as a workbook (exceljs, docs/decisions/026 and 051): an
 * identification sheet, then the inventory (columns named after NR-1
 * 1.5.7.3.2 a–f), the action plan and the review triggers, each with a frozen
 * header row, a filter, real dates and the risk level's colours. The figures
 * are the published snapshot's (released by decision 040's layer).
 */
import type { Cell, Worksheet } from "exceljs";
import { formatCnpj } from "#core/cnpj.ts";
import { riskLevelTone, riskToneColours } from "#core/risk-levels.ts";
import { reviewTriggerKindLabels } from "#core/risk-messages.ts";
import { hazardName } from "#core/risks.ts";
import type { RiskInventoryContent } from "#core/schemas/risk-inventory.ts";
import { documentTitle } from "./inventory-pdf.ts";
import { type PdfAction, type PdfReviewTrigger, statusLabels } from "./inventory-pdf-plan.ts";
import { ink } from "./pdf-layout.ts";

const DATE = "dd/mm/yyyy";
const argb = (hex: string) => `FF${hex.slice(1).toUpperCase()}`;

/** yyyy-MM-dd as an Excel date (UTC midnight: a whole day serial, whatever the server's zone). */
function excelDay(day: string | null): Date | null {
  if (!day) return null;
  const [year, month, date] = day.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}

function paintLevel(cell: Cell, levelIndex: number): void {
  const tone = riskLevelTone(levelIndex);
  if (!tone) return;
  cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(riskToneColours[tone].soft) } };
  cell.font = { bold: true, color: { argb: argb(riskToneColours[tone].strong) } };
}

/** Header row styled and frozen, a filter over the table, text wrapped at the top of each cell. */
function finishTable(sheet: Worksheet, dateColumns: string[] = []): void {
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: argb(ink.fg) } };
  header.alignment = { vertical: "middle", wrapText: true };
  header.eachCell((cell) => {
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: argb(ink.primarySoft) } };
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, sheet.rowCount), column: sheet.columnCount },
  };
  for (const column of sheet.columns) {
    column.alignment = { vertical: "top", wrapText: true };
    if (column.key && dateColumns.includes(column.key)) column.numFmt = DATE;
  }
}

export async function inventoryXlsx(options: {
  content: RiskInventoryContent;
  establishmentName: string;
  version: number;
  issuedOn: string;
  publishedBy: string;
  nextReviewOn: string | null;
  actions: PdfAction[];
  triggers: (PdfReviewTrigger & { recordedBy: string })[];
}): Promise<Buffer> {
  const { content } = options;
  // Loaded on the first export, not at start-up (about 0.4 s; docs/decisions/021).
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.creator = "Sereno";
  book.title = documentTitle;

  const info = book.addWorksheet("Identificação");
  info.columns = [
    { key: "label", width: 30 },
    { key: "value", width: 60 },
  ];
  info.addRow([documentTitle]).font = { bold: true, size: 14 };
  info.addRows([
    [],
    ["Empresa (razão social)", content.companyName],
    ["CNPJ", formatCnpj(content.cnpj)],
    ["Estabelecimento", options.establishmentName],
    ["Período da avaliação (início)", excelDay(content.campaignPeriod?.from ?? null)],
    ["Período da avaliação (fim)", excelDay(content.campaignPeriod?.to ?? null)],
    ["Pesquisa", content.campaignTitle],
    ["Versão do inventário", options.version],
    ["Emitido em", excelDay(options.issuedOn)],
    ["Elaborado por", options.publishedBy],
    ["Critérios de avaliação (versão)", content.criteria.version],
    ["Próxima revisão", excelDay(options.nextReviewOn) ?? "—"],
  ]);
  info.getColumn("label").font = { bold: true };
  info.getColumn("value").alignment = { horizontal: "left" };
  info.eachRow((row) => {
    const value = row.getCell(2);
    if (value.value instanceof Date) value.numFmt = DATE;
  });

  const inventory = book.addWorksheet("Inventário de riscos");
  inventory.columns = [
    { header: "a) Processos e ambientes de trabalho", key: "a", width: 28 },
    { header: "b) Atividades", key: "b", width: 36 },
    { header: "c) Perigo", key: "hazard", width: 30 },
    { header: "c) Possíveis lesões ou agravos", key: "harms", width: 30 },
    { header: "c) Fontes ou circunstâncias", key: "sources", width: 30 },
    { header: "c) Trabalhadores expostos", key: "exposed", width: 14 },
    { header: "c) Medidas de prevenção implementadas", key: "measures", width: 30 },
    { header: "d) Dados da análise preliminar ou monitoramento", key: "d", width: 40 },
    { header: "e) Severidade", key: "severity", width: 12 },
    { header: "e) Probabilidade", key: "probability", width: 14 },
    { header: "e) Nível de risco", key: "level", width: 14 },
    { header: "e) Decisão", key: "decision", width: 18 },
    { header: "e) Justificativa e evidências", key: "rationale", width: 40 },
    { header: "f) Critérios (versão)", key: "f", width: 14 },
  ];
  const levelIndexOf = (line: RiskInventoryContent["lines"][number]) =>
    line.levelIndex ??
    Math.max(
      0,
      content.criteria.levels.findIndex((level) => level.name === line.level),
    );
  for (const line of content.lines) {
    const row = inventory.addRow({
      a: line.sectorName,
      b: line.activities,
      hazard: line.hazardName,
      harms: line.harms,
      sources: line.sources,
      exposed: line.exposed,
      measures: line.measuresInPlace,
      d: line.monitoring,
      severity: line.severity,
      probability: line.probability,
      level: line.level,
      decision: line.decision,
      rationale: [line.rationale, line.evidence.join(", ")].filter(Boolean).join(" — "),
      f: content.criteria.version,
    });
    paintLevel(row.getCell("level"), levelIndexOf(line));
    paintLevel(row.getCell("decision"), levelIndexOf(line));
  }
  finishTable(inventory);

  const plan = book.addWorksheet("Plano de ação");
  plan.columns = [
    { header: "Medida", key: "title", width: 36 },
    { header: "Setor", key: "sector", width: 22 },
    { header: "Perigo", key: "hazard", width: 30 },
    { header: "Hierarquia", key: "hierarchy", width: 16 },
    { header: "Responsável", key: "owner", width: 20 },
    { header: "Cronograma (prazo)", key: "due", width: 14 },
    { header: "Situação", key: "status", width: 14 },
    { header: "Forma de acompanhamento", key: "followUp", width: 30 },
    { header: "Aferição dos resultados", key: "measurement", width: 30 },
    { header: "Eficácia", key: "effectiveness", width: 30 },
    { header: "Nível de risco da linha", key: "level", width: 16 },
  ];
  for (const action of options.actions) {
    const line = content.lines.find((l) => l.sectorId === action.sectorId && l.hazard === action.hazard);
    const row = plan.addRow({
      title: action.title,
      sector: action.sectorName,
      hazard: hazardName(action.hazard),
      hierarchy: action.hierarchy,
      owner: action.owner,
      due: excelDay(action.dueOn),
      status: statusLabels[action.status] ?? action.status,
      followUp: action.followUp,
      measurement: action.measurement,
      effectiveness: action.effectiveness,
      level: line?.level ?? "",
    });
    if (line) paintLevel(row.getCell("level"), levelIndexOf(line));
  }
  finishTable(plan, ["due"]);

  const reviews = book.addWorksheet("Revisões");
  reviews.columns = [
    { header: "Data", key: "on", width: 12 },
    { header: "Motivo (NR-1 1.5.4.4.6)", key: "kind", width: 40 },
    { header: "O que aconteceu", key: "description", width: 60 },
    { header: "Revisão antecipada para", key: "due", width: 22 },
    { header: "Registrado por", key: "by", width: 24 },
  ];
  for (const trigger of options.triggers)
    reviews.addRow({
      on: excelDay(trigger.occurredOn),
      kind: reviewTriggerKindLabels[trigger.kind],
      description: trigger.description,
      due: excelDay(trigger.reviewDueOn),
      by: trigger.recordedBy,
    });
  finishTable(reviews, ["on", "due"]);

  return Buffer.from(await book.xlsx.writeBuffer());
}
