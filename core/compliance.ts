/**
 * The Lei 14.457/2022 file (issue 48 item 4, docs/decisions/090): the hierarchy levels a harassment
 * training covers, when each was last trained and whether that is past the law's 12 months (art. 23,
 * III), and how a training's attendance file names people (by matrícula). Pure rules, no I/O.
 */
import { addMonths } from "./date-input.ts";
import type { IsoDay } from "./dates.ts";

export const trainingLevels = { lideranca: "Liderança", demais: "Demais níveis" } as const;
export type TrainingLevel = keyof typeof trainingLevels;
export const trainingLevelIds = Object.keys(trainingLevels) as [TrainingLevel, ...TrainingLevel[]];

/** Art. 23, III: training 'no mínimo a cada 12 (doze) meses'. */
export const TRAINING_INTERVAL_MONTHS = 12;

export type TrainingHeld = { heldOn: IsoDay; levels: readonly TrainingLevel[]; attendees: number };
export type LevelStatus = { level: TrainingLevel; label: string; lastTrainedOn: IsoDay | null; overdue: boolean };

/**
 * For each level, the latest training that covered it and had anyone on its attendance list; a level
 * never trained, or last trained more than 12 months before `today`, is overdue.
 */
export function levelStatuses(trainings: readonly TrainingHeld[], today: IsoDay): LevelStatus[] {
  return trainingLevelIds.map((level) => {
    const days = trainings.filter((t) => t.attendees > 0 && t.levels.includes(level)).map((t) => t.heldOn);
    const lastTrainedOn = days.sort().at(-1) ?? null;
    const overdue = lastTrainedOn === null || addMonths(lastTrainedOn, TRAINING_INTERVAL_MONTHS) < today;
    return { level, label: trainingLevels[level], lastTrainedOn, overdue };
  });
}

const MATRICULA_HEADERS = new Set(["matricula", "matrícula", "matriculas", "registro", "id"]);

/**
 * The matrículas of an attendance file: one per line, in the column headed 'matrícula' when a header
 * names one, else the first column; ';', ',' or tab between columns, quotes and blanks ignored.
 * Each matrícula once, in the file's order.
 */
export function attendanceMatriculas(text: string): string[] {
  const rows = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.split(/[;,\t]/).map((cell) => cell.trim().replace(/^"|"$/g, "").trim()))
    .filter((cells) => cells.some((cell) => cell !== ""));
  const header = rows[0]?.map((cell) => cell.toLowerCase()) ?? [];
  const named = header.findIndex((cell) => MATRICULA_HEADERS.has(cell));
  const column = Math.max(named, 0);
  const body = named >= 0 || header.some((cell) => /[a-zá-ú]{4,}/i.test(cell) && !/\d/.test(cell)) ? rows.slice(1) : rows;
  const seen = new Set<string>();
  for (const cells of body) {
    const value = cells[column] ?? "";
    if (value) seen.add(value);
  }
  return [...seen];
}
