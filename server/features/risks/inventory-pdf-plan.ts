/**
 * Sections 3 to 5 of the inventory PDF (inventory-pdf.ts): the action plan with the inventory line each
 * measure answers, the participation records and the review triggers, as the version keeps them.
 */
import { riskLevelTone } from "#core/risk-levels.ts";
import { type ReviewTriggerKind, reviewTriggerKindLabels } from "#core/risk-messages.ts";
import { formatIsoDay, hazardName } from "#core/risks.ts";
import type { RiskInventoryContent, RiskInventoryPlan } from "#core/schemas/risk-inventory.ts";
import { type Cell, heading, newPage, paragraph, table } from "./pdf-layout.ts";

/** The plan and records as a version keeps them (core/schemas/risk-inventory.ts): one shape, not a copy. */
export type PdfAction = RiskInventoryPlan["actions"][number];
export type PdfRecord = RiskInventoryPlan["records"][number];

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

/** A day as the document prints it, or a dash. */
export const pdfDay = (iso: string | null) => (iso ? formatIsoDay(iso) : "—");

/** A line's level among the criteria's three (versions before decision 060 kept only its name). */
export const levelIndexOf = (content: RiskInventoryContent, line: RiskInventoryContent["lines"][number]) =>
  line.levelIndex ??
  Math.max(
    0,
    content.criteria.levels.findIndex((level) => level.name === line.level),
  );
export const levelCell = (index: number, text: string): Cell => ({ text, tone: riskLevelTone(index) });

export function planSections(
  doc: PDFKit.PDFDocument,
  content: RiskInventoryContent,
  plan: { nextReviewOn: string | null; actions: PdfAction[]; records: PdfRecord[]; triggers: PdfReviewTrigger[] },
): void {
  // 3. Action plan
  heading(doc, "3. Plano de ação (NR-1 1.5.5.2.2)");
  const lineOf = (action: PdfAction) =>
    content.lines.findIndex((line) => line.sectorId === action.sectorId && line.hazard === action.hazard);
  if (plan.actions.length === 0) paragraph(doc, "Nenhuma ação cadastrada.");
  else
    table(
      doc,
      [
        { header: "Nº", width: 20, align: "center" },
        { header: "Medida", width: 84 },
        { header: "Linha do inventário", width: 96 },
        { header: "Nível", width: 48 },
        { header: "Hierarquia da medida", width: 64 },
        { header: "Responsável", width: 64 },
        { header: "Prazo", width: 52, align: "center" },
        { header: "Situação", width: 50 },
        { header: "Forma de acompanhamento", width: 80 },
        { header: "Aferição dos resultados", width: 74 },
        { header: "Eficácia", width: 56 },
        { header: "Evidências", width: 0 },
      ],
      plan.actions.map((action, i) => {
        const line = content.lines[lineOf(action)];
        const where = `${action.sectorName} – ${hazardName(action.hazard)}`;
        return [
          String(i + 1),
          action.title,
          line ? `Linha ${lineOf(action) + 1}: ${where}` : where,
          line ? levelCell(levelIndexOf(content, line), line.level) : "—",
          action.hierarchy,
          action.owner,
          pdfDay(action.dueOn),
          statusLabels[action.status] ?? action.status,
          action.followUp,
          action.measurement,
          action.effectiveness,
          action.evidenceFiles.map((file) => file.name).join(", "),
        ];
      }),
      7.5,
    );

  // 4 and 5. Participation and review triggers
  newPage(doc);
  heading(doc, "4. Participação e comunicação aos trabalhadores (NR-1 1.5.3.3)");
  if (plan.records.length === 0) paragraph(doc, "Nenhum registro.");
  else
    table(
      doc,
      [
        { header: "Data", width: 58, align: "center" },
        { header: "Tipo", width: 92 },
        { header: "Descrição", width: 180 },
        { header: "Participantes", width: 62, align: "center" },
        { header: "Arquivos", width: 0 },
      ],
      plan.records.map((record) => [
        pdfDay(record.heldOn),
        recordKindLabels[record.kind] ?? record.kind,
        record.description,
        String(record.attendees),
        record.files.map((file) => file.name).join(", "),
      ]),
    );
  heading(doc, "5. Revisões: motivos registrados (NR-1 1.5.4.4.6)");
  paragraph(doc, `Próxima revisão: ${pdfDay(plan.nextReviewOn)}.`);
  if (plan.triggers.length === 0) paragraph(doc, "Nenhum motivo de revisão registrado.");
  else
    table(
      doc,
      [
        { header: "Data", width: 58, align: "center" },
        { header: "Motivo", width: 130 },
        { header: "O que aconteceu", width: 220 },
        { header: "Revisão antecipada para", width: 0, align: "center" },
      ],
      plan.triggers.map((trigger) => [
        pdfDay(trigger.occurredOn),
        reviewTriggerKindLabels[trigger.kind],
        trigger.description,
        trigger.reviewDueOn ? pdfDay(trigger.reviewDueOn) : "—",
      ]),
    );
}
