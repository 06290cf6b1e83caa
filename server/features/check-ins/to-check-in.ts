/** A check-in row as the API returns it, to its owner only. */
import type { userProgress } from "#server/db/schema/index.ts";

type CheckInRow = typeof userProgress.$inferSelect;

export function toCheckIn(
  row: Pick<CheckInRow, "id" | "day" | "mood" | "energy" | "stress" | "notes" | "completedAt" | "xpEarned">,
) {
  return {
    id: row.id,
    day: row.day,
    mood: row.mood ?? 0,
    energy: row.energy ?? null,
    stress: row.stress ?? null,
    notes: row.notes,
    completedAt: new Date(row.completedAt).toISOString(),
    xpEarned: row.xpEarned,
  };
}
