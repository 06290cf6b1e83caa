/** Requests and answers of /api/dossier, the Lei 14.831 dossier (docs/decisions/094). */
import { z } from "zod";
import { goalMetricIds, reviewIntervals } from "../dossier.ts";
import { dossierMessages as m } from "../dossier-messages.ts";
import { messages } from "../messages.ts";
import { plainMultilineText, plainText } from "../text.ts";

const companyId = z.uuid({ error: messages.companyIdMissing }).optional();
const isoDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
    .refine((day) => {
      const time = Date.parse(`${day}T12:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
    }, m.invalidDate);

export const dossierScopeQuerySchema = z.object({ companyId }).strict();

export const goalInputSchema = z
  .object({
    companyId,
    metric: z.enum(goalMetricIds, { error: m.metricRequired }),
    target: plainText(m.targetRequired).trim().min(1, m.targetRequired).max(160, m.targetTooLong),
    firstReviewOn: isoDate(m.dateRequired),
    reviewEveryMonths: z
      .number({ error: m.intervalInvalid })
      .refine((months) => (reviewIntervals as readonly number[]).includes(months), m.intervalInvalid),
  })
  .strict();

export const goalReviewInputSchema = z
  .object({
    companyId,
    reviewedOn: isoDate(m.dateRequired),
    note: plainMultilineText().trim().min(1, m.reviewNoteRequired).max(2000, m.reviewNoteTooLong),
  })
  .strict();

export const noticeInputSchema = z
  .object({
    companyId,
    title: plainText(m.noticeTitleRequired).trim().min(1, m.noticeTitleRequired).max(120, m.noticeTitleTooLong),
    body: plainMultilineText().trim().min(1, m.noticeBodyRequired).max(2000, m.noticeBodyTooLong),
  })
  .strict();

const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  publishedOn: z.string(),
});
export const noticesSchema = z.object({ notices: z.array(noticeSchema) });

const goalSchema = z.object({
  id: z.string(),
  metric: z.enum(goalMetricIds),
  metricLabel: z.string(),
  target: z.string(),
  reviewEveryMonths: z.number().int(),
  nextReviewOn: z.string(),
  reviews: z.array(z.object({ reviewedOn: z.string(), note: z.string() })),
});

export const dossierSchema = z.object({
  companyName: z.string(),
  issuedOn: z.string(),
  source: z.string(),
  criteria: z.array(z.object({ id: z.string(), label: z.string(), text: z.string(), evidence: z.array(z.string()) })),
  goals: z.array(goalSchema),
  notices: z.array(noticeSchema),
});

export type Dossier = z.infer<typeof dossierSchema>;
