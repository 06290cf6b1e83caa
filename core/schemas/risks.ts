/** Requests and answers of /api/risks (docs/decisions/026). */
import { z } from "zod";
import { isValidCnpj } from "../cnpj.ts";
import { messages } from "../messages.ts";
import { type ReviewTriggerKind, reviewTriggerKindLabels, riskMessages } from "../risk-messages.ts";
import { hazardIds, riskCriteriaContentSchema } from "../risks.ts";
import { plainMultilineText, plainText } from "../text.ts";

export { type RiskCriteriaContent, riskCriteriaContentSchema } from "../risks.ts";

const companyId = z.uuid({ error: messages.companyIdMissing }).optional();
const id = (message: string) => z.uuid({ error: message });
const name = plainText(riskMessages.nameRequired).trim().min(1, riskMessages.nameRequired).max(120);
const longText = (max = 4000) => plainMultilineText().trim().max(max);
// A real calendar day: "2026-02-30" would pass the pattern and fail in the database as a 5xx.
const isoDate = z
  .string()
  .min(1, riskMessages.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, riskMessages.invalidDate)
  .refine((day) => {
    const time = Date.parse(`${day}T12:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, riskMessages.invalidDate);

export const riskScopeQuerySchema = z.object({ companyId }).strict();

export const establishmentInputSchema = z
  .object({
    companyId,
    name,
    cnpj: z.string().refine(isValidCnpj, riskMessages.cnpjInvalid),
  })
  .strict();
export type EstablishmentInput = z.infer<typeof establishmentInputSchema>;

export const sectorInputSchema = z
  .object({
    companyId,
    establishmentId: id(riskMessages.establishmentNotFound),
    parentId: id(riskMessages.sectorNotFound).nullable().optional(),
    name,
    kind: z.enum(["setor", "ghe"]),
    activities: longText(),
    headcount: z.coerce.number({ error: riskMessages.headcountInvalid }).int().min(0).max(100_000),
  })
  .strict();
export type SectorInput = z.infer<typeof sectorInputSchema>;

/** PATCH /api/risks/sectors/:id: any of the fields; the establishment stays (a sector does not move between CNPJs). */
export const sectorUpdateSchema = sectorInputSchema
  .omit({ establishmentId: true })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== "companyId"), riskMessages.nothingToChange);
export type SectorUpdate = z.infer<typeof sectorUpdateSchema>;

/** PATCH /api/risks/establishments/:id: name, CNPJ and the next review date, any of them. */
export const establishmentUpdateSchema = z
  .object({
    companyId,
    name: name.optional(),
    cnpj: z.string().refine(isValidCnpj, riskMessages.cnpjInvalid).optional(),
    nextReviewOn: isoDate.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== "companyId"), riskMessages.nothingToChange);

export const assignMembersInputSchema = z
  .object({
    companyId,
    sectorId: id(riskMessages.sectorNotFound).nullable(),
    userIds: z
      .array(z.string().regex(/^[\w.-]{1,100}$/))
      .min(1)
      .max(5000),
  })
  .strict();

export const criteriaInputSchema = z.object({ companyId, content: riskCriteriaContentSchema }).strict();

export const campaignInputSchema = z
  .object({
    companyId,
    establishmentId: id(riskMessages.establishmentNotFound),
    title: name,
    instrumentId: z.string().min(1).max(80),
    sectorIds: z.array(z.uuid()).min(1, riskMessages.campaignSectorsRequired).max(500),
    closesOn: isoDate,
    notice: longText(4000).pipe(z.string().min(20, riskMessages.campaignNoticeRequired)),
  })
  .strict();

export const surveyAnswersInputSchema = z
  .object({ answers: z.record(z.string().max(80), z.number().int().min(0).max(10)) })
  .strict();

export const assessmentInputSchema = z
  .object({
    companyId,
    sectorId: id(riskMessages.sectorNotFound),
    hazard: z.enum(hazardIds),
    probability: z.number().int().min(1).max(5),
    severity: z.number().int().min(1).max(5),
    rationale: longText(2000),
    sources: longText(2000),
    harms: longText(2000),
    measuresInPlace: longText(2000),
    evidence: z.array(z.enum(["pesquisa", "observacao", "cipa", "absenteismo", "outros_indicadores"])).max(5),
  })
  .strict();

export const evidenceLabels = {
  pesquisa: "Pesquisa com trabalhadores",
  observacao: "Observação do trabalho",
  cipa: "Consulta à CIPA",
  absenteismo: "Absenteísmo",
  outros_indicadores: "Outros indicadores",
} as const;

export const actionInputSchema = z
  .object({
    companyId,
    sectorId: id(riskMessages.sectorNotFound),
    hazard: z.enum(hazardIds),
    title: name,
    hierarchy: z.enum(["organizacional", "coletiva", "individual"]),
    owner: name,
    dueOn: isoDate,
    status: z.enum(["planejada", "em_andamento", "concluida", "cancelada"]),
    followUp: longText(2000),
    measurement: longText(2000),
    effectiveness: longText(2000),
  })
  .strict();

export const participationInputSchema = z
  .object({
    companyId,
    kind: z.enum(["cipa", "reuniao", "comunicado", "outro"]),
    heldOn: isoDate,
    description: longText(2000).pipe(z.string().min(1, riskMessages.nameRequired)),
    attendees: z.number().int().min(0).max(100_000),
  })
  .strict();

/** PATCH /api/risks/records/:id: any of the fields of a participation record. */
export const participationPatchSchema = participationInputSchema
  .omit({ companyId: true })
  .partial()
  .extend({ companyId })
  .strict();

/** GET and DELETE …/files: which stored file to download or remove (its key, as listed; `media/evidencia-` before 030). */
export const evidenceFileQuerySchema = z
  .object({
    companyId,
    key: z.string().regex(/^(evidence\/|media\/evidencia-)[0-9a-f-]{36}\.[a-z]{2,4}$/, riskMessages.fileNotFound),
  })
  .strict();

/** POST /api/risks/establishments/:id/review-triggers (NR-1 1.5.4.4.6). */
export const reviewTriggerInputSchema = z
  .object({
    companyId,
    kind: z.enum(Object.keys(reviewTriggerKindLabels) as [ReviewTriggerKind, ...ReviewTriggerKind[]], {
      error: riskMessages.triggerKindRequired,
    }),
    occurredOn: isoDate,
    description: longText(2000).pipe(z.string().min(1, riskMessages.triggerDescriptionRequired)),
    /** Pulls the next review earlier; omitted or null leaves it as it is. */
    reviewDueOn: isoDate.nullable().optional(),
  })
  .strict();
export type ReviewTriggerInput = z.infer<typeof reviewTriggerInputSchema>;

/** One line of a published inventory: NR-1 1.5.7.3.2 a)–f). */
export type RiskInventoryLine = {
  sectorId: string;
  sectorName: string;
  /** a) processes and work environments; b) activities */
  activities: string;
  hazard: string;
  hazardName: string;
  /** c) hazards, possible harm, sources, groups exposed, measures in place */
  harms: string;
  sources: string;
  exposed: number;
  measuresInPlace: string;
  /** d) preliminary analysis / monitoring data (aggregate only) */
  monitoring: string;
  /** e) assessment and classification */
  severity: number;
  probability: number;
  level: string;
  levelIndex?: number;
  decision: string;
  rationale: string;
  evidence: string[];
};
/**
 * The action plan, participation records and review triggers as they stood when a version was published
 * (docs/decisions/059): that version's PDF and XLSX print these, so they never change. File names only.
 */
export type RiskInventoryPlan = {
  nextReviewOn: string | null;
  actions: {
    title: string;
    sectorId: string;
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
  }[];
  records: { kind: string; heldOn: string; description: string; attendees: number; files: { name: string }[] }[];
  triggers: {
    kind: ReviewTriggerKind;
    occurredOn: string;
    description: string;
    reviewDueOn: string | null;
    recordedBy: string;
  }[];
};
export type RiskInventoryContent = {
  companyName: string;
  establishmentName: string;
  cnpj: string;
  campaignTitle: string;
  /** The survey's first and last day (company time zone); absent in versions published before decision 051. */
  campaignPeriod?: { from: string; to: string };
  instrument: { title: string; licence: string };
  /** f) the criteria used */
  criteria: import("../risks.ts").RiskCriteriaContent & { version: number };
  lines: RiskInventoryLine[];
  /** Absent in versions published before decision 059: their documents print the plan as it is now. */
  plan?: RiskInventoryPlan;
};

/** POST /api/risks/campaigns/:id/inventory: `confirmar` once the preview's left-out lines and actions were seen. */
export const inventoryPublishInputSchema = z.object({ companyId, confirmar: z.boolean().optional() }).strict();

/** GET /api/risks/campaigns/:id/inventory-preview: what publishing now would hold and leave out (059). */
export type InventoryPreview = {
  /** The number the version would get, and the version in force it replaces (null for the first). */
  version: number;
  replaces: number | null;
  lines: Pick<
    RiskInventoryLine,
    "sectorId" | "sectorName" | "hazard" | "hazardName" | "level" | "levelIndex" | "decision"
  >[];
  /** Lines of the version in force this campaign has not assessed: they leave the inventory. */
  droppedLines: Pick<RiskInventoryLine, "sectorId" | "sectorName" | "hazard" | "hazardName" | "level">[];
  /** Sectors the campaign surveyed with no line assessed. */
  sectorsWithoutLines: { id: string; name: string }[];
  /** Actions of the plan (not cancelled) whose sector and hazard would have no line in the version. */
  orphanedActions: { id: string; title: string; sectorName: string; hazardName: string }[];
  needsConfirmation: boolean;
};
