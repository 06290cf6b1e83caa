/** How a care measure is returned to the member and to their psychologist (docs/decisions/079). */
import { scoreMeasure } from "#core/questionnaires/care-measures.ts";
import type { careMeasures } from "#server/db/schema/index.ts";

type MeasureRow = typeof careMeasures.$inferSelect;

export function toMeasure(row: MeasureRow, psychologistName: string) {
  const { maxScore, band } = scoreMeasure(row.instrument, row.answers);
  return {
    id: row.id,
    instrument: row.instrument,
    psychologistId: row.psychologistId,
    psychologistName,
    window: row.window,
    answers: row.answers,
    difficulty: row.difficulty,
    score: row.score,
    maxScore,
    band,
    answeredAt: row.createdAt.toISOString(),
  };
}
