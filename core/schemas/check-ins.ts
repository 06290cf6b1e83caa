import { z } from "zod";
import { messages } from "../messages.ts";
import { plainMultilineText } from "../text.ts";

/** A check-in note: up to 2,000 characters (docs/decisions/007), plain text. */
// Line breaks and tabs are text; other control characters are not (docs/decisions/015).
export const checkInNotesSchema = plainMultilineText(messages.notesControlCharacters)
  .trim()
  .max(2000, messages.notesTooLong);

export const checkInInputSchema = z
  .object({
    mood: z
      .number({ error: messages.moodRequired })
      .int(messages.moodRequired)
      .min(1, messages.moodRequired)
      .max(5, messages.moodRequired),
    notes: checkInNotesSchema.nullish(),
    /**
     * When a check-in made offline was made (an ISO instant with offset); the server records it for the
     * member's local day of that instant if it arrives within 24 h (docs/decisions/027).
     */
    madeAt: z.iso.datetime({ offset: true, error: messages.checkInMadeAtInvalid }).optional(),
  })
  .strict();
export type CheckInInput = z.infer<typeof checkInInputSchema>;

export const checkInSchema = z.object({
  id: z.string(),
  day: z.string(),
  mood: z.number().int(),
  notes: z.string().nullable(),
  completedAt: z.string(),
  xpEarned: z.number().int(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

export const todayCheckInSchema = z.object({ day: z.string(), checkIn: checkInSchema.nullable() });
export type TodayCheckIn = z.infer<typeof todayCheckInSchema>;

export const createdCheckInSchema = z.object({
  checkIn: checkInSchema,
  xp: z.number().int(),
  level: z.number().int(),
  engagementPoints: z.number().int(),
  message: z.string(),
});
export type CreatedCheckIn = z.infer<typeof createdCheckInSchema>;

export const checkInMonthQuerySchema = z
  .object({ month: z.string().regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, messages.monthInvalid) })
  .strict();

export const checkInMonthSchema = z.object({
  month: z.string(),
  days: z.array(z.object({ id: z.string(), day: z.string(), mood: z.number().int().nullable() })),
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
