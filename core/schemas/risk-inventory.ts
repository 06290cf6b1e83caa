/**
 * A published NR-1 inventory (docs/decisions/026, 059): the frozen content a version keeps, what publishing
 * now would hold (the preview), and what a worker reads of it. Zod schemas the server serializes with; the
 * web imports types only from here (docs/decisions/070).
 */
import { z } from "zod";
import { type ReviewTriggerKind, reviewTriggerKindLabels } from "../risk-messages.ts";
import { riskCriteriaContentSchema } from "../risks.ts";

const day = z.string();
const fileName = z.object({ name: z.string() });
export const triggerKind = z.enum(Object.keys(reviewTriggerKindLabels) as [ReviewTriggerKind, ...ReviewTriggerKind[]]);

/** One line of a published inventory: NR-1 1.5.7.3.2 a)–f). */
const riskInventoryLineSchema = z.object({
  sectorId: z.string(),
  sectorName: z.string(),
  /** a) processes and work environments; b) activities */
  activities: z.string(),
  hazard: z.string(),
  hazardName: z.string(),
  /** c) hazards, possible harm, sources, groups exposed, measures in place */
  harms: z.string(),
  sources: z.string(),
  exposed: z.number(),
  measuresInPlace: z.string(),
  /** d) preliminary analysis / monitoring data (aggregate only) */
  monitoring: z.string(),
  /** e) assessment and classification */
  severity: z.number(),
  probability: z.number(),
  level: z.string(),
  levelIndex: z.number().optional(),
  decision: z.string(),
  rationale: z.string(),
  evidence: z.array(z.string()),
});
export type RiskInventoryLine = z.infer<typeof riskInventoryLineSchema>;

/**
 * The action plan, participation records and review triggers as they stood when a version was published
 * (docs/decisions/059): that version's PDF and XLSX print these, so they never change. File names only.
 */
const riskInventoryPlanSchema = z.object({
  nextReviewOn: day.nullable(),
  actions: z.array(
    z.object({
      title: z.string(),
      sectorId: z.string(),
      sectorName: z.string(),
      hazard: z.string(),
      hierarchy: z.string(),
      owner: z.string(),
      dueOn: day,
      status: z.string(),
      followUp: z.string(),
      measurement: z.string(),
      effectiveness: z.string(),
      evidenceFiles: z.array(fileName),
    }),
  ),
  records: z.array(
    z.object({
      kind: z.string(),
      heldOn: day,
      description: z.string(),
      attendees: z.number(),
      files: z.array(fileName),
    }),
  ),
  triggers: z.array(
    z.object({
      kind: triggerKind,
      occurredOn: day,
      description: z.string(),
      reviewDueOn: day.nullable(),
      recordedBy: z.string(),
    }),
  ),
});
export type RiskInventoryPlan = z.infer<typeof riskInventoryPlanSchema>;

export const riskInventoryContentSchema = z.object({
  companyName: z.string(),
  establishmentName: z.string(),
  cnpj: z.string(),
  campaignTitle: z.string(),
  /** The survey's first and last day (company time zone); absent in versions published before decision 051. */
  campaignPeriod: z.object({ from: day, to: day }).optional(),
  instrument: z.object({ title: z.string(), licence: z.string() }),
  /** f) the criteria used */
  criteria: z.intersection(riskCriteriaContentSchema, z.object({ version: z.number() })),
  lines: z.array(riskInventoryLineSchema),
  /** Absent in versions published before decision 059: their documents print the plan as it is now. */
  plan: riskInventoryPlanSchema.optional(),
});
export type RiskInventoryContent = z.infer<typeof riskInventoryContentSchema>;

const previewLine = riskInventoryLineSchema.pick({ sectorId: true, sectorName: true, hazard: true, hazardName: true });

/** GET /api/risks/campaigns/:id/inventory-preview: what publishing now would hold and leave out (059). */
export const inventoryPreviewSchema = z.object({
  /** The number the version would get, and the version in force it replaces (null for the first). */
  version: z.number(),
  replaces: z.number().nullable(),
  lines: z.array(previewLine.extend({ level: z.string(), levelIndex: z.number().optional(), decision: z.string() })),
  /** Lines of the version in force this campaign has not assessed: they leave the inventory. */
  droppedLines: z.array(previewLine.extend({ level: z.string() })),
  /** Sectors the campaign surveyed with no line assessed. */
  sectorsWithoutLines: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Actions of the plan (not cancelled) whose sector and hazard would have no line in the version. */
  orphanedActions: z.array(
    z.object({ id: z.string(), title: z.string(), sectorName: z.string(), hazardName: z.string() }),
  ),
  needsConfirmation: z.boolean(),
});
export type InventoryPreview = z.infer<typeof inventoryPreviewSchema>;

/** GET /api/risks/published: for the worker, the inventory and plan of their establishment (NR-1 1.5.3.3 b). */
export const publishedInventorySchema = z.object({
  establishments: z.array(
    z.object({
      name: z.string(),
      version: z.number(),
      publishedAt: z.string(),
      nextReviewOn: day.nullable(),
      lines: z.array(
        riskInventoryLineSchema.pick({
          sectorName: true,
          hazardName: true,
          level: true,
          decision: true,
          measuresInPlace: true,
        }),
      ),
      actions: z.array(
        z.object({ title: z.string(), sectorName: z.string(), hazardName: z.string(), dueOn: day, status: z.string() }),
      ),
    }),
  ),
});
export type PublishedInventory = z.input<typeof publishedInventorySchema>;
