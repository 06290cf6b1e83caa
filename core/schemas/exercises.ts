import { z } from "zod";
import { exerciseCategories, mediaTypes } from "../exercises.ts";

const localeText = z.record(z.string(), z.string());

export const exerciseSchema = z.object({
  id: z.string(),
  title: localeText,
  description: localeText,
  steps: z.array(z.string()).nullable(),
  category: z.enum(exerciseCategories),
  duration: z.string(),
  requiredLevel: z.number().int(),
  xpReward: z.number().int(),
  mediaType: z.enum(mediaTypes),
  mediaUrl: z.string().nullable(),
  thumbnail: z.string().nullable(),
  createdAt: z.string(),
  /** True when the exercise is above the viewer's level. */
  locked: z.boolean(),
  /** True when the viewer completed it today, on their own calendar day ('Feito hoje' on the card). */
  completedToday: z.boolean(),
});
export type Exercise = z.infer<typeof exerciseSchema>;

/** Completing takes no input: the server decides the XP (docs/design.md §5). */
export const completeExerciseInputSchema = z.object({}).strict().optional();

export const completionSchema = z.object({
  xpEarned: z.number().int(),
  xpAwarded: z.boolean(),
  xp: z.number().int(),
  level: z.number().int(),
  engagementPoints: z.number().int(),
  message: z.string(),
});
export type Completion = z.infer<typeof completionSchema>;
