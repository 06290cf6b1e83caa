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
    /** The instrument's dimensions it should move (docs/decisions/091); the server checks them against the instrument. */
    dimensions: z.array(z.string().max(64)).max(20).optional(),
  })
  .strict();

export const participationInputSchema = z
  .object({
    companyId,
    kind: z.enum(["cipa", "reuniao", "comunicado", "outro"]),
    heldOn: isoDate,
    description: longText(2000).pipe(z.string().min(1, riskMessages.nameRequired)),
    attendees: z.number().int().min(0).max(100_000),
    harassmentOnAgenda: z.boolean().optional(),
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

/** POST /api/risks/campaigns/:id/inventory: `confirmar` once the preview's left-out lines and actions were seen. */
export const inventoryPublishInputSchema = z.object({ companyId, confirmar: z.boolean().optional() }).strict();
