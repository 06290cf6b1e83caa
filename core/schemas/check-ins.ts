import { z } from "zod";
import { messages } from "../messages.ts";

export const checkInInputSchema = z
  .object({
    mood: z
      .number({ error: messages.moodRequired })
      .int(messages.moodRequired)
      .min(1, messages.moodRequired)
      .max(5, messages.moodRequired),
    notes: z.string().trim().max(2000, messages.notesTooLong).nullish(),
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
  .object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, messages.monthInvalid) })
  .strict();

export const checkInMonthSchema = z.object({
  month: z.string(),
  days: z.array(z.object({ day: z.string(), mood: z.number().int().nullable() })),
});
export type CheckInMonth = z.infer<typeof checkInMonthSchema>;
