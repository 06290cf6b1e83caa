import { z } from "zod";
import { checkInMessages } from "../check-in-messages.ts";
import { messages } from "../messages.ts";
import { plainMultilineText } from "../text.ts";

/** A check-in note: up to 2,000 characters (docs/decisions/007), plain text. */
// Line breaks and tabs are text; other control characters are not (docs/decisions/015).
const checkInNotesSchema = plainMultilineText(checkInMessages.notesControlCharacters)
  .trim()
  .max(2000, checkInMessages.notesTooLong);

/** Energy and stress: 1 (low) to 5 (high), whole numbers. */
const levelSchema = (message: string) => z.number({ error: message }).int(message).min(1, message).max(5, message);

export const checkInInputSchema = z
  .object({
    mood: z
      .number({ error: checkInMessages.moodRequired })
      .int(checkInMessages.moodRequired)
      .min(1, checkInMessages.moodRequired)
      .max(5, checkInMessages.moodRequired),
    notes: checkInNotesSchema.nullish(),
    // Optional, one tap each, skippable (docs/decisions/023).
    energy: levelSchema(checkInMessages.energyInvalid).nullish(),
    stress: levelSchema(checkInMessages.stressInvalid).nullish(),
    /**
     * When a check-in made offline was made (an ISO instant with offset); the server records it for the
     * member's local day of that instant if it arrives within 24 h (docs/decisions/027).
     */
    madeAt: z.iso.datetime({ offset: true, error: checkInMessages.checkInMadeAtInvalid }).optional(),
  })
  .strict();
export type CheckInInput = z.infer<typeof checkInInputSchema>;

export const checkInSchema = z.object({
  id: z.string(),
  day: z.string(),
  mood: z.number().int(),
  energy: z.number().int().nullable(),
  stress: z.number().int().nullable(),
  notes: z.string().nullable(),
  completedAt: z.string(),
  xpEarned: z.number().int(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

/** What today's check-in earns (or earned): +50 XP and the streak bonus (docs/decisions/023). */
const checkInAwardSchema = z.object({
  baseXp: z.number().int(),
  streakBonus: z.number().int(),
  total: z.number().int(),
  /** Consecutive days of the run, today's check-in counted. */
  streakDays: z.number().int(),
});
export type CheckInAward = z.infer<typeof checkInAwardSchema>;

export const todayCheckInSchema = z.object({
  day: z.string(),
  checkIn: checkInSchema.nullable(),
  award: checkInAwardSchema,
  /** The streak freeze (docs/decisions/023): banked (0 or 1), or covering yesterday's missed day. */
  streakFreeze: z.object({ banked: z.number().int(), coversYesterday: z.boolean() }),
  /** The private support card's rule on the caller's own recent check-ins (docs/decisions/023). */
  lowPattern: z.boolean(),
});
export type TodayCheckIn = z.infer<typeof todayCheckInSchema>;

export const createdCheckInSchema = z.object({
  checkIn: checkInSchema,
  award: checkInAwardSchema,
  lowPattern: z.boolean(),
  xp: z.number().int(),
  level: z.number().int(),
  engagementPoints: z.number().int(),
  message: z.string(),
});
export type CreatedCheckIn = z.infer<typeof createdCheckInSchema>;

export const checkInMonthQuerySchema = z
  .object({ month: z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, checkInMessages.monthInvalid) })
  .strict();

export const checkInMonthSchema = z.object({
  month: z.string(),
  days: z.array(
    z.object({
      id: z.string(),
      day: z.string(),
      mood: z.number().int().nullable(),
      energy: z.number().int().nullable(),
      stress: z.number().int().nullable(),
    }),
  ),
});
export type CheckInMonth = z.infer<typeof checkInMonthSchema>;

export const checkInIdParamsSchema = z.object({ id: z.uuid(messages.invalidInput) }).strict();

/** Editing a note: a text replaces it, null (or an empty text) deletes it. */
export const updateCheckInNotesInputSchema = z.object({ notes: checkInNotesSchema.nullable() }).strict();
export type UpdateCheckInNotesInput = z.infer<typeof updateCheckInNotesInputSchema>;

export const deletedCheckInSchema = z.object({
  xp: z.number().int(),
  engagementPoints: z.number().int(),
  message: z.string(),
});
export type DeletedCheckIn = z.infer<typeof deletedCheckInSchema>;
