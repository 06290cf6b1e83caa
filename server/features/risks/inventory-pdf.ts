/**
 * The PGR psychosocial section as a PDF (pdfkit, docs/decisions/026): cover
 * with signature block, inventory lines with the NR-1 1.5.7.3.2 fields a–f,
 * action plan, participation records, criteria annex and the instrument's
 * licence note. Inter is embedded so every pt-BR accent prints.
 */
import { createRequire } from "node:module";
import { formatCnpj } from "#core/cnpj.ts";
import { type ReviewTriggerKind, reviewTriggerKindLabels } from "#core/risk-messages.ts";
import { formatIsoDay, hazardName } from "#core/risks.ts";
import type { RiskInventoryContent } from "#core/schemas/risks.ts";

const require = createRequire(import.meta.url);
const REGULAR = require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff");
const BOLD = require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff");

export type PdfAction = {
  title: string;
  sectorName: string;
  hazard: string;
  hierarchy: string;
  owner: string;
  dueOn: string;
  status: string;
  followUp: string;
  measurement: string;
  effectiveness: string;
  evidenceFiles: { name: string }[];
};
export type PdfRecord = {
  kind: string;
  heldOn: string;
  description: string;
  attendees: number;
  files: { name: string }[];
};

export type PdfReviewTrigger = {
  kind: ReviewTriggerKind;
  occurredOn: string;
  description: string;
  reviewDueOn: string | null;
};

export const statusLabels: Record<string, string> = {
  planejada: "Planejada",
  em_andamento: "Em andamento",
  concluida: "Concluída",
  cancelada: "Cancelada",
};
const recordKindLabels: Record<string, string> = {
  cipa: "Reunião da CIPA",
  reuniao: "Reunião com trabalhadores",
  comunicado: "Comunicado",
  outro: "Outro",
};

export async function inventoryPdf(options: {
  content: RiskInventoryContent;
  version: number;
  publishedAt: string;
  retainUntil: string;
  nextReviewOn: string | null;
  actions: PdfAction[];
  records: PdfRecord[];
  triggers: PdfReviewTrigger[];
}): Promise<Buffer> {
  const { content } = options;
  // Loaded on the first PDF, not at start-up (about 0.25 s; docs/decisions/021).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Inventário de riscos psicossociais – ${content.establishmentName}` },
  });
  doc.registerFont("Inter", REGULAR);
  doc.registerFont("Inter-Bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const heading = (text: string, size = 14) =>
    doc.moveDown(0.6).font("Inter-Bold").fontSize(size).text(text).moveDown(0.3);
  const field = (label: string, value: string) =>
    doc
      .font("Inter-Bold")
      .fontSize(9)
      .text(`${label}: `, { continued: true })
      .font("Inter")
      .text(value || "—");

  // Cover
  doc.font("Inter-Bold").fontSize(20).text("Inventário de riscos psicossociais e plano de ação");
  doc
    .font("Inter")
    .fontSize(11)
    .text("Programa de Gerenciamento de Riscos (PGR) – NR-1, itens 1.5.7.1 e 1.5.7.3")
    .moveDown();
  field("Empresa", content.companyName);
  field("Estabelecimento", content.establishmentName);
  field("CNPJ", formatCnpj(content.cnpj));
  field("Versão", `${options.version}, publicada em ${formatIsoDay(options.publishedAt)}`);
  field("Guardar até", formatIsoDay(options.retainUntil));
  field("Próxima revisão", options.nextReviewOn ? formatIsoDay(options.nextReviewOn) : "—");
  field("Fonte dos dados da pesquisa", content.campaignTitle);
  doc.moveDown(2);
  for (const role of ["Responsável pela organização", "Profissional responsável pela avaliação (SST)"]) {
    doc.font("Inter").fontSize(10).text("_____________________________________________");
    doc.text(`${role} – nome, registro e data`).moveDown(1.5);
  }

  doc.addPage();
  heading("Inventário de riscos (NR-1 1.5.7.3.2)");
  content.lines.forEach((line, index) => {
    doc
      .font("Inter-Bold")
      .fontSize(11)
      .text(`${index + 1}. ${line.sectorName} – ${line.hazardName}`)
      .moveDown(0.2);
    field("a) Processos e ambientes de trabalho", line.sectorName);
    field("b) Atividades", line.activities);
    field("c) Perigo", hazardName(line.hazard));
    field("c) Possíveis lesões ou agravos à saúde", line.harms);
    field("c) Fontes ou circunstâncias", line.sources);
    field("c) Grupo de trabalhadores expostos", `${line.exposed} trabalhadores`);
    field("c) Medidas de prevenção implementadas", line.measuresInPlace);
    field("d) Dados da análise preliminar ou do monitoramento", line.monitoring);
    field(
      "e) Avaliação de risco",
      `severidade ${line.severity} × probabilidade ${line.probability} = nível ${line.level} (${line.decision})`,
    );
    field("e) Justificativa", line.rationale);
    field("e) Evidências consideradas", line.evidence.join(", "));
    field("f) Critérios", `versão ${content.criteria.version} (anexo)`);
    doc.moveDown(0.6);
  });

  doc.addPage();
  heading("Plano de ação (NR-1 1.5.5.2.2)");
  if (options.actions.length === 0) doc.font("Inter").fontSize(10).text("Nenhuma ação cadastrada.");
  options.actions.forEach((action, index) => {
    doc
      .font("Inter-Bold")
      .fontSize(11)
      .text(`${index + 1}. ${action.title}`)
      .moveDown(0.2);
    field("Linha do inventário", `${action.sectorName} – ${hazardName(action.hazard)}`);
    field("Hierarquia da medida", action.hierarchy);
    field("Responsável", action.owner);
    field("Prazo", formatIsoDay(action.dueOn));
    field("Situação", statusLabels[action.status] ?? action.status);
    field("Forma de acompanhamento", action.followUp);
    field("Aferição dos resultados", action.measurement);
    field("Eficácia", action.effectiveness);
    field("Evidências", action.evidenceFiles.map((file) => file.name).join(", "));
    doc.moveDown(0.6);
  });

  heading("Participação e comunicação aos trabalhadores (NR-1 1.5.3.3)");
  if (options.records.length === 0) doc.font("Inter").fontSize(10).text("Nenhum registro.");
  for (const record of options.records) {
    field(
      `${formatIsoDay(record.heldOn)} – ${recordKindLabels[record.kind] ?? record.kind}`,
      `${record.description} (${record.attendees} participantes)`,
    );
    if (record.files.length) field("Arquivos", record.files.map((file) => file.name).join(", "));
  }

  heading("Revisões: motivos registrados (NR-1 1.5.4.4.6)");
  field("Próxima revisão", options.nextReviewOn ? formatIsoDay(options.nextReviewOn) : "—");
  if (options.triggers.length === 0) doc.font("Inter").fontSize(10).text("Nenhum motivo de revisão registrado.");
  for (const trigger of options.triggers) {
    const moved = trigger.reviewDueOn ? ` Revisão antecipada para ${formatIsoDay(trigger.reviewDueOn)}.` : "";
    field(
      `${formatIsoDay(trigger.occurredOn)} – ${reviewTriggerKindLabels[trigger.kind]}`,
      `${trigger.description}${moved}`,
    );
  }

  doc.addPage();
  heading(`Anexo – Critérios de avaliação e decisão (versão ${content.criteria.version})`);
  doc.font("Inter-Bold").fontSize(10).text("Severidade");
  for (const [i, s] of content.criteria.severity.entries()) field(`${i + 1} ${s.label}`, s.description);
  doc.moveDown(0.4).font("Inter-Bold").fontSize(10).text("Probabilidade");
  for (const [i, p] of content.criteria.probability.entries()) field(`${i + 1} ${p.label}`, p.description);
  doc.moveDown(0.4).font("Inter-Bold").fontSize(10).text("Níveis e decisão");
  for (const level of content.criteria.levels) field(level.name, level.decision);
  doc.moveDown(0.4).font("Inter-Bold").fontSize(10).text("Matriz (linhas: severidade; colunas: probabilidade)");
  for (const [s, row] of content.criteria.matrix.entries()) {
    doc
      .font("Inter")
      .fontSize(9)
      .text(`${s + 1}: ${row.map((cell) => content.criteria.levels[cell]?.name ?? "").join(" | ")}`);
  }

  heading("Anexo – Questionário e licença");
  field("Instrumento", content.instrument.title);
  doc.font("Inter").fontSize(9).text(content.instrument.licence);
  doc
    .moveDown()
    .text(
      "As respostas individuais são anônimas e nunca são exportadas; os resultados de grupos com menos respostas que o mínimo de anonimato são agregados ao setor superior.",
    );
  doc.end();
  return done;
}
