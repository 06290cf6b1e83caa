/**
 * What /api/risks answers (docs/decisions/026, 070): the server serializes each reply through these schemas
 * (unknown fields are dropped), and the web reads their types. The web imports types only from here: this
 * module imports zod, which stays out of the shared chunk (vite.config.ts).
 */
import { z } from "zod";
import { riskCriteriaContentSchema } from "../risks.ts";
import { riskInventoryContentSchema, triggerKind } from "./risk-inventory.ts";

/** A timestamp: a Date on the server, its ISO text on the wire (`z.input` is what the web receives). */
const instant = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
const day = z.string();
const range = z.object({ low: z.number(), high: z.number() });
const licence = z.object({ name: z.string(), note: z.string() });
const evidenceFile = z.object({ key: z.string(), name: z.string(), url: z.string() });
const campaignStatus = z.enum(["draft", "open", "closed", "published"]);

const establishmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  cnpj: z.string(),
  nextReviewOn: day.nullable(),
});
const sectorSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  kind: z.enum(["setor", "ghe"]),
  activities: z.string(),
  headcount: z.number(),
});
const criteriaSchema = z.object({
  id: z.string(),
  version: z.number(),
  status: z.enum(["draft", "published"]),
  content: riskCriteriaContentSchema,
  publishedAt: instant.nullable(),
});
const campaignSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  title: z.string(),
  instrumentId: z.string(),
  sectorIds: z.array(z.string()),
  status: campaignStatus,
  closesOn: day,
  notice: z.string(),
  invited: z.number(),
});
const actionSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  sectorId: z.string(),
  hazard: z.string(),
  title: z.string(),
  hierarchy: z.enum(["organizacional", "coletiva", "individual"]),
  owner: z.string(),
  dueOn: day,
  status: z.enum(["planejada", "em_andamento", "concluida", "cancelada"]),
  followUp: z.string(),
  measurement: z.string(),
  effectiveness: z.string(),
  dimensions: z.array(z.string()),
  evidenceFiles: z.array(evidenceFile),
});
const participationRecordSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  kind: z.enum(["cipa", "reuniao", "comunicado", "outro"]),
  heldOn: day,
  description: z.string(),
  attendees: z.number(),
  files: z.array(evidenceFile),
});
const reviewTriggerSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  kind: triggerKind,
  occurredOn: day,
  description: z.string(),
  reviewDueOn: day.nullable(),
  recordedBy: z.string(),
  closedOn: day.nullable(),
  closure: z.string().nullable(),
});

/** GET /api/risks: the company's structure, criteria, campaigns, inventories and plan. */
export const riskOverviewSchema = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  minGroup: z.number(),
  instruments: z.array(z.object({ key: z.string(), title: z.string(), items: z.number(), licence })),
  establishments: z.array(establishmentSchema),
  sectors: z.array(sectorSchema),
  members: z.array(z.object({ id: z.string(), name: z.string(), role: z.string(), sectorId: z.string().nullable() })),
  criteria: z.array(criteriaSchema),
  campaigns: z.array(campaignSchema),
  inventories: z.array(
    z.object({
      id: z.string(),
      establishmentId: z.string(),
      version: z.number(),
      publishedAt: instant,
      retainUntil: day,
      content: riskInventoryContentSchema,
    }),
  ),
  actions: z.array(actionSchema),
  records: z.array(participationRecordSchema),
  reviewTriggers: z.array(reviewTriggerSchema),
});
export type RiskOverview = z.input<typeof riskOverviewSchema>;
export type Establishment = RiskOverview["establishments"][number];
export type Sector = RiskOverview["sectors"][number];
export type Campaign = RiskOverview["campaigns"][number];
export type Criteria = RiskOverview["criteria"][number];
export type Action = RiskOverview["actions"][number];
export type ParticipationRecord = RiskOverview["records"][number];
export type ReviewTrigger = RiskOverview["reviewTriggers"][number];
export type EvidenceFile = z.input<typeof evidenceFile>;

/**
 * A released cell (docs/decisions/040, 060): noisy mean and 90 % margin, their ranges clipped to the scale,
 * and the criteria's probability class; null where the disclosure layer hid it, inconclusive when too uncertain.
 */
const cellSchema = z.object({
  id: z.string(),
  name: z.string(),
  index: z.number().nullable(),
  margin: z.number().nullable(),
  adverseShare: z.number().nullable(),
  adverseMargin: z.number().nullable(),
  indexRange: range.nullable(),
  adverseRange: range.nullable(),
  probability: z.number().nullable(),
  inconclusive: z.boolean(),
});

/** GET /api/risks/campaigns/:id/results. */
export const campaignFiguresSchema = z.object({
  campaign: z.object({ id: z.string(), status: campaignStatus, title: z.string() }),
  /** Who was invited; answers are counted (noisily, per row in `results`) only once the campaign has closed. */
  participation: z.object({ invited: z.number(), released: z.boolean() }),
  results: z
    .object({
      dimensions: z.array(z.object({ id: z.string(), name: z.string(), hazards: z.array(z.string()) })),
      rows: z.array(
        z.object({
          sectorId: z.string(),
          name: z.string(),
          pooledFrom: z.array(z.string()),
          invited: z.number(),
          responses: z.number(),
          responsesMargin: z.number(),
          cells: z.array(cellSchema),
        }),
      ),
      hiddenSectors: z.array(z.string()),
      hazards: z.array(cellSchema),
      cutoffs: z.object({ attention: z.number(), adverse: z.number() }),
      /** The criteria the cells are classified by (their probability scale). */
      classification: z.object({
        size: z.union([z.literal(3), z.literal(5)]),
        probabilityLabels: z.array(z.string()),
        adverseCutoff: z.number(),
      }),
    })
    .nullable(),
});
export type CampaignFigures = z.input<typeof campaignFiguresSchema>;

/** GET /api/risks/campaigns/:id/assessments: the campaign's saved probability × severity per sector and hazard. */
export const assessmentsSchema = z.array(
  z.object({
    id: z.string(),
    sectorId: z.string(),
    hazard: z.string(),
    probability: z.number(),
    severity: z.number(),
    rationale: z.string(),
    sources: z.string(),
    harms: z.string(),
    measuresInPlace: z.string(),
    evidence: z.array(z.string()),
  }),
);
export type Assessment = z.input<typeof assessmentsSchema>[number];

/** GET /api/risks/survey: the questionnaire open for the caller, or null. */
export const openSurveySchema = z.object({
  survey: z
    .object({
      id: z.string(),
      title: z.string(),
      companyName: z.string(),
      notice: z.string(),
      closesOn: day,
      instrument: z.object({
        key: z.string(),
        title: z.string(),
        licence,
        scales: z.record(
          z.string(),
          z.object({ label: z.string(), options: z.array(z.object({ value: z.number(), label: z.string() })) }),
        ),
        items: z.array(z.object({ id: z.string(), text: z.string(), scale: z.string() })),
      }),
    })
    .nullable(),
});
export type OpenSurvey = NonNullable<z.input<typeof openSurveySchema>["survey"]>;

const effectSide = z
  .object({
    index: z.number(),
    margin: z.number().nullable(),
    range: z.object({ low: z.number(), high: z.number() }),
    text: z.string(),
  })
  .nullable();
const effectCampaign = z.object({ id: z.string(), title: z.string(), closedAt: z.string() }).nullable();
const verdictId = z.enum(["eficaz", "sem_efeito", "inconclusivo"]);

/** GET /api/risks/actions/:id/effect: before and after per dimension, released figures only (docs/decisions/091). */
export const actionEffectSchema = z.object({
  before: effectCampaign,
  after: effectCampaign,
  dimensions: z.array(z.object({ id: z.string(), name: z.string(), before: effectSide, after: effectSide })),
  suggestion: verdictId.nullable(),
  verdict: z
    .object({
      verdict: verdictId,
      note: z.string(),
      confirmedBy: z.string(),
      confirmedAt: z.string(),
      triggerId: z.string().nullable(),
    })
    .nullable(),
});
export type ActionEffect = z.infer<typeof actionEffectSchema>;
