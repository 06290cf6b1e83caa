/**
 * The PGR psychosocial section as a PDF (pdfkit, docs/decisions/026 and 051):
 * a cover, the risk matrix as a coloured grid, the inventory with the NR-1
 * 1.5.7.3.2 fields a–f and the action plan as tables, participation records,
 * review triggers, the criteria and instrument annexes and a signature block.
 * Every figure printed is the published snapshot's, already released by the
 * disclosure layer (decision 040): this file only lays it out.
 */
import { formatCnpj } from "#core/cnpj.ts";
import { hazardName } from "#core/risks.ts";
import type { RiskInventoryContent } from "#core/schemas/risk-inventory.ts";
import {
  levelCell,
  levelIndexOf,
  type PdfAction,
  type PdfRecord,
  type PdfReviewTrigger,
  pdfDay,
  planSections,
} from "./inventory-pdf-plan.ts";
import {
  createDocument,
  frame,
  heading,
  ink,
  keepTogether,
  newPage,
  paragraph,
  table,
  toBuffer,
} from "./pdf-layout.ts";
import { riskMatrix } from "./risk-matrix-pdf.ts";

export const documentTitle = "Inventário de riscos psicossociais — NR-1";

export async function inventoryPdf(options: {
  content: RiskInventoryContent;
  version: number;
  /** The version's publication day (company time zone): its issue date. */
  issuedOn: string;
  publishedBy: string;
  retainUntil: string;
  nextReviewOn: string | null;
  actions: PdfAction[];
  records: PdfRecord[];
  triggers: PdfReviewTrigger[];
}): Promise<Buffer> {
  const { content } = options;
  const cnpj = formatCnpj(content.cnpj);
  const doc = await createDocument(`${documentTitle} – ${content.establishmentName}`);
  const done = toBuffer(doc);
  const period = content.campaignPeriod
    ? `${pdfDay(content.campaignPeriod.from)} a ${pdfDay(content.campaignPeriod.to)}`
    : "—";

  // Cover
  doc.y = 120;
  doc.font("Inter-Bold").fontSize(9).fillColor(ink.primary).text("PROGRAMA DE GERENCIAMENTO DE RISCOS (PGR)");
  doc.moveDown(0.6).fontSize(24).fillColor(ink.fg).text(documentTitle);
  doc
    .moveDown(0.4)
    .font("Inter")
    .fontSize(11)
    .fillColor(ink.muted)
    .text("Inventário de riscos (item 1.5.7.3.2) e plano de ação (item 1.5.5.2.2) dos fatores de riscos psicossociais");
  doc.moveDown(1.2);
  doc.lineWidth(2).strokeColor(ink.primary).moveTo(50, doc.y).lineTo(200, doc.y).stroke();
  doc.moveDown(1.2);
  table(
    doc,
    [
      { header: "", width: 160 },
      { header: "", width: 0 },
    ],
    (
      [
        ["Empresa (razão social)", content.companyName],
        ["CNPJ", cnpj],
        ["Estabelecimento", content.establishmentName],
        ["Período da avaliação", `${period} (pesquisa “${content.campaignTitle}”)`],
        ["Versão (revisão)", String(options.version)],
        ["Emitido em", pdfDay(options.issuedOn)],
        ["Elaborado por", options.publishedBy],
        ["Critérios de avaliação", `Versão ${content.criteria.version} (Anexo A)`],
        ["Próxima revisão", pdfDay(options.nextReviewOn)],
        ["Guardar até", `${pdfDay(options.retainUntil)} (20 anos, NR-1 1.5.7.3.3.1)`],
      ] as const
    ).map(([label, value]) => [{ text: label, bold: true }, value]),
    10,
    false,
  );
  paragraph(
    doc,
    "As respostas individuais ao questionário são anônimas e nunca são exportadas. Os números deste documento são agregados, com margem, e grupos com menos respostas que o mínimo de anonimato são somados ao setor superior.",
    8.5,
    ink.muted,
  );

  // 1. Matrix
  newPage(doc);
  heading(doc, "1. Matriz de risco (probabilidade × severidade)");
  paragraph(
    doc,
    `Critérios de avaliação e decisão, versão ${content.criteria.version}. Cada célula mostra o nível de risco da combinação e as linhas do inventário (seção 2) classificadas nela.`,
  );
  riskMatrix(doc, content.criteria, content.lines);

  // 2. Inventory, a–f
  newPage(doc, "landscape");
  heading(doc, "2. Inventário de riscos (NR-1 1.5.7.3.2)");
  paragraph(
    doc,
    `f) Critérios: versão ${content.criteria.version} (Anexo A). S = severidade, P = probabilidade, de 1 a ${content.criteria.size}.`,
  );
  table(
    doc,
    [
      { header: "Nº", width: 20, align: "center" },
      { header: "a) Processos e ambientes de trabalho", width: 60 },
      { header: "b) Atividades", width: 62 },
      { header: "c) Perigo", width: 66 },
      { header: "c) Possíveis lesões ou agravos à saúde", width: 66 },
      { header: "c) Fontes ou circunstâncias", width: 64 },
      { header: "c) Grupo de trabalhadores expostos", width: 62 },
      { header: "c) Medidas de prevenção implementadas", width: 66 },
      { header: "d) Dados da análise preliminar ou do monitoramento", width: 90 },
      { header: "e) Avaliação de risco", width: 44, align: "center" },
      { header: "e) Nível e decisão", width: 56 },
      { header: "e) Justificativa e evidências", width: 0 },
    ],
    content.lines.map((line, i) => [
      String(i + 1),
      line.sectorName,
      line.activities,
      hazardName(line.hazard),
      line.harms,
      line.sources,
      `${line.exposed} trabalhadores`,
      line.measuresInPlace,
      line.monitoring,
      `S ${line.severity} × P ${line.probability}`,
      levelCell(levelIndexOf(content, line), `${line.level}: ${line.decision}`),
      [line.rationale, line.evidence.length ? `Evidências: ${line.evidence.join(", ")}.` : ""]
        .filter(Boolean)
        .join(" "),
    ]),
    7,
  );

  // 3 to 5: the plan, participation and the review triggers (inventory-pdf-plan.ts)
  planSections(doc, content, options);

  // Annexes
  newPage(doc);
  heading(doc, `Anexo A – Critérios de avaliação e decisão (versão ${content.criteria.version})`);
  for (const [title, scale] of [
    ["Severidade", content.criteria.severity],
    ["Probabilidade", content.criteria.probability],
  ] as const)
    table(
      doc,
      [
        { header: "Grau", width: 36, align: "center" },
        { header: title, width: 100 },
        { header: "Descrição", width: 0 },
      ],
      scale.map((item, i) => [String(i + 1), item.label, item.description]),
      8.5,
    );
  table(
    doc,
    [
      { header: "Nível de risco", width: 136 },
      { header: "Decisão", width: 0 },
    ],
    content.criteria.levels.map((level, i) => [levelCell(i, level.name), level.decision]),
    8.5,
  );
  heading(doc, "Anexo B – Questionário e licença");
  paragraph(doc, `Instrumento: ${content.instrument.title}`);
  paragraph(doc, content.instrument.licence);

  signatureBlock(doc);
  frame(doc, {
    // The CNPJ first: a long company name is cut with '…', never the CNPJ an inspector looks for.
    header: `CNPJ ${cnpj} · ${content.companyName} · ${content.establishmentName}`,
    title: documentTitle,
    footerLeft: `${content.companyName} · ${content.establishmentName}`,
    footerRight: (page, pages) =>
      `Versão ${options.version} · emitido em ${pdfDay(options.issuedOn)} · Página ${page} de ${pages}`,
  });
  doc.end();
  return done;
}

/** Who answers for the document signs here: name, registration, place and date, signature. */
function signatureBlock(doc: PDFKit.PDFDocument): void {
  keepTogether(doc, 300);
  heading(doc, "Responsabilidade técnica e aprovação");
  paragraph(
    doc,
    "Os signatários declaram ter revisado a severidade, a probabilidade, as medidas e o cronograma deste inventário e do plano de ação.",
  );
  const left = doc.page.margins.left;
  const width = (doc.page.width - left - doc.page.margins.right - 20) / 2;
  const top = doc.y + 8;
  ["Profissional responsável pela avaliação (SST)", "Responsável pela organização"].forEach((role, i) => {
    const x = left + i * (width + 20);
    doc.lineWidth(0.5).strokeColor(ink.border).rect(x, top, width, 190).stroke();
    doc
      .font("Inter-Bold")
      .fontSize(9)
      .fillColor(ink.fg)
      .text(role, x + 10, top + 10, { width: width - 20 });
    let y = top + 40;
    for (const label of ["Nome", i === 0 ? "Registro profissional (CREA/MTE)" : "Cargo", "Local e data"]) {
      doc
        .font("Inter")
        .fontSize(8)
        .fillColor(ink.muted)
        .text(label, x + 10, y);
      doc
        .lineWidth(0.5)
        .strokeColor(ink.muted)
        .moveTo(x + 10, y + 24)
        .lineTo(x + width - 10, y + 24)
        .stroke();
      y += 34;
    }
    doc
      .lineWidth(0.8)
      .strokeColor(ink.fg)
      .moveTo(x + 10, top + 166)
      .lineTo(x + width - 10, top + 166)
      .stroke();
    doc
      .font("Inter")
      .fontSize(8)
      .fillColor(ink.muted)
      .text("Assinatura", x + 10, top + 170, { width: width - 20, align: "center" });
  });
  doc.x = left;
  doc.y = top + 200;
  doc.fillColor(ink.fg);
}
