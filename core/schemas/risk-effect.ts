/**
 * Requests of the re-measured actions (docs/decisions/091): the server's alone (the screens send plain
 * values), so their zod schemas stay out of the pages' form chunk (docs/decisions/042).
 */
import { z } from "zod";
import { effectMessages, verdictIds } from "../action-effect.ts";
import { messages } from "../messages.ts";
import { riskMessages } from "../risk-messages.ts";
import { plainMultilineText } from "../text.ts";

const companyId = z.uuid({ error: messages.companyIdMissing }).optional();
const longText = (max = 4000) => plainMultilineText().trim().max(max);
const isoDate = z
  .string()
  .min(1, riskMessages.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, riskMessages.invalidDate)
  .refine((day) => {
    const time = Date.parse(`${day}T12:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, riskMessages.invalidDate);

/** POST /api/risks/actions/:id/verdict: the professional's confirmed verdict on the later campaign (docs/decisions/091). */
export const verdictInputSchema = z
  .object({
    companyId,
    verdict: z.enum(verdictIds, { error: effectMessages.verdictRequired }),
    note: longText(2000).default(""),
  })
  .strict();

/** POST /api/risks/review-triggers/:id/close: how the review was closed. */
export const triggerCloseSchema = z
  .object({
    companyId,
    closedOn: isoDate,
    closure: longText(2000).pipe(z.string().min(1, effectMessages.closureRequired)),
  })
  .strict();

/** PUT /api/risks/actions/:id/dimensions: the dimensions an open action should move (docs/decisions/098). */
export const actionDimensionsSchema = z
  .object({
    companyId,
    dimensions: z
      .array(z.string().max(80), { error: effectMessages.dimensionsRequired })
      .min(1, effectMessages.dimensionsRequired)
      .max(40),
  })
  .strict();
