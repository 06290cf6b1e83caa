/** Requests and answers of /api/compliance, the Lei 14.457 file (docs/decisions/090). */
import { z } from "zod";
import { trainingLevelIds } from "../compliance.ts";
import { complianceMessages as m } from "../compliance-messages.ts";
import { messages } from "../messages.ts";
import { plainMultilineText, plainText } from "../text.ts";

const companyId = z.uuid({ error: messages.companyIdMissing }).optional();
const isoDate = z
  .string()
  .min(1, m.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
  .refine((day) => {
    const time = Date.parse(`${day}T12:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, m.invalidDate);

export const complianceScopeQuerySchema = z.object({ companyId }).strict();

export const trainingInputSchema = z
  .object({
    companyId,
    title: plainText(m.titleRequired).trim().min(1, m.titleRequired).max(160),
    heldOn: isoDate,
    durationMinutes: z
      .number({ error: m.durationInvalid })
      .int(m.durationInvalid)
      .min(15, m.durationInvalid)
      .max(1440, m.durationInvalid),
    levels: z
      .array(z.enum(trainingLevelIds, { error: m.levelsRequired }), { error: m.levelsRequired })
      .min(1, m.levelsRequired)
      .max(trainingLevelIds.length)
      .transform((levels) => [...new Set(levels)]),
  })
  .strict();

/** POST …/attendance: the CSV's text; `confirmUnknown` imports the known matrículas when some are not. */
export const attendanceImportSchema = z
  .object({
    companyId,
    csv: z.string().max(200_000, m.fileTooLarge),
    confirmUnknown: z.boolean().default(false),
  })
  .strict();

export const attendanceResultSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
  unknown: z.array(z.string()),
});

export const attendByCodeSchema = z
  .object({ code: z.string().trim().min(1, m.attendanceTokenInvalid).max(64) })
  .strict();

export const conductInputSchema = z
  .object({
    companyId,
    text: plainMultilineText().trim().min(1, m.conductRequired).max(20_000, m.conductTooLong),
  })
  .strict();

const levelStatusSchema = z.object({
  level: z.enum(trainingLevelIds),
  label: z.string(),
  lastTrainedOn: z.string().nullable(),
  overdue: z.boolean(),
});

const quarterCountSchema = z.object({
  label: z.string(),
  shown: z.boolean(),
  count: z.number().nullable(),
  margin: z.number().nullable(),
});

export const harassmentFileSchema = z.object({
  companyName: z.string(),
  today: z.string(),
  conduct: z
    .object({
      version: z.number().int(),
      text: z.string(),
      publishedOn: z.string(),
      acknowledged: z.number().int(),
      members: z.number().int(),
    })
    .nullable(),
  procedure: z.object({
    handlers: z.array(z.string()),
    retentionYears: z.number().int(),
    paragraphs: z.array(z.string()),
  }),
  meetings: z.array(z.object({ id: z.string(), heldOn: z.string(), description: z.string(), files: z.number().int() })),
  trainings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      heldOn: z.string(),
      durationMinutes: z.number().int(),
      levels: z.array(z.enum(trainingLevelIds)),
      attendees: z.number().int(),
      code: z.string().nullable(),
    }),
  ),
  levels: z.array(levelStatusSchema),
  listening: z.array(z.object({ quarter: z.string(), categories: z.array(quarterCountSchema) })),
});
export type HarassmentFile = z.infer<typeof harassmentFileSchema>;
