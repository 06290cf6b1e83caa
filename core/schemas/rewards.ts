import { z } from "zod";
import { rewardMessages } from "../reward-messages.ts";
import { redemptionStatuses } from "../rewards.ts";
import { plainText } from "../text.ts";

/** What a manager (company) or an admin (platform) types for a reward (docs/decisions/028). */
export const rewardInputSchema = z
  .object({
    title: plainText(rewardMessages.titleRequired)
      .trim()
      .min(1, rewardMessages.titleRequired)
      .max(80, rewardMessages.titleRequired),
    description: plainText(rewardMessages.descriptionTooLong).trim().max(300, rewardMessages.descriptionTooLong),
    pointsCost: z
      .number({ error: rewardMessages.costInvalid })
      .int(rewardMessages.costInvalid)
      .min(1, rewardMessages.costInvalid)
      .max(1_000_000, rewardMessages.costInvalid),
    /** Null: unlimited. */
    stock: z
      .number({ error: rewardMessages.stockInvalid })
      .int(rewardMessages.stockInvalid)
      .min(0, rewardMessages.stockInvalid)
      .max(100_000, rewardMessages.stockInvalid)
      .nullable(),
    active: z.boolean(),
  })
  .strict();
export type RewardInput = z.infer<typeof rewardInputSchema>;

export const rewardPatchSchema = rewardInputSchema.partial().strict();
export type RewardPatch = z.infer<typeof rewardPatchSchema>;

export const rewardIdParamsSchema = z.object({ id: z.uuid({ error: rewardMessages.notFound }) });
export const redemptionIdParamsSchema = z.object({ id: z.uuid({ error: rewardMessages.redemptionNotFound }) });

/** A reward as a member sees it in the catalogue. */
const catalogueItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pointsCost: z.number().int(),
  stock: z.number().int().nullable(),
  scope: z.enum(["platform", "company"]),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

const myRedemptionSchema = z.object({
  id: z.string(),
  rewardTitle: z.string(),
  pointsCost: z.number().int(),
  status: z.enum(redemptionStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MyRedemption = z.infer<typeof myRedemptionSchema>;

/** GET /api/points: the one points balance every screen shows (docs/decisions/028). */
export const pointsLedgerSchema = z.object({
  earned: z.number().int(),
  spent: z.number().int(),
  balance: z.number().int(),
});
export type PointsLedger = z.infer<typeof pointsLedgerSchema>;

export const catalogueSchema = z.object({
  /** False for someone without a company (nobody to fulfil the request) and for admins. */
  canRedeem: z.boolean(),
  items: z.array(catalogueItemSchema),
  redemptions: z.array(myRedemptionSchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const redeemResultSchema = z.object({
  message: z.string(),
  points: pointsLedgerSchema,
  redemption: myRedemptionSchema,
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;

/** A reward in a manager's or admin's list, with how many redemptions it has (no names). */
export const managedRewardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pointsCost: z.number().int(),
  stock: z.number().int().nullable(),
  active: z.boolean(),
  pending: z.number().int(),
  delivered: z.number().int(),
});
export type ManagedReward = z.infer<typeof managedRewardSchema>;
export const managedRewardListSchema = z.array(managedRewardSchema);

/** A request the company's manager fulfils: who asked for what (not health data, docs/decisions/028). */
const redemptionRequestSchema = z.object({
  id: z.string(),
  memberName: z.string(),
  rewardTitle: z.string(),
  pointsCost: z.number().int(),
  status: z.enum(redemptionStatuses),
  scope: z.enum(["platform", "company"]).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RedemptionRequest = z.infer<typeof redemptionRequestSchema>;
export const redemptionRequestListSchema = z.array(redemptionRequestSchema);

export const messageSchema = z.object({ message: z.string() });
