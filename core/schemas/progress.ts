import { z } from "zod";

export const progressSummarySchema = z.object({
  level: z.number().int(),
  xp: z.number().int(),
  engagementPoints: z.number().int(),
  exercisesCompleted: z.number().int(),
  streak: z.number().int(),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

export const activitySchema = z.object({
  id: z.string(),
  kind: z.enum(["check_in", "exercise"]),
  title: z.string(),
  completedAt: z.string(),
  xpEarned: z.number().int(),
});
export type Activity = z.infer<typeof activitySchema>;
