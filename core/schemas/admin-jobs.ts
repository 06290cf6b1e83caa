import { z } from "zod";
import { adminMessages } from "../admin-messages.ts";

/** One kind of job as /admin shows it (docs/decisions/016 and 019): no keys or payloads, they name people. */
export const adminJobSchema = z.object({
  name: z.string(),
  label: z.string(),
  schedule: z.string(),
  canRunNow: z.boolean(),
  /** Enqueued by one person's private act (care reminders): its runs, next run and queue are not shown. */
  followsPeople: z.boolean(),
  lastRunAt: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  /** Runs waiting (due or scheduled) and runs held by a runner now. */
  pending: z.number().int(),
  running: z.number().int(),
  /** Runs given up after their last attempt, in the last 7 days. */
  failures: z.number().int(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobParamsSchema = z.object({
  name: z.string().min(1, adminMessages.jobNotFound).max(60, adminMessages.jobNotFound),
});
