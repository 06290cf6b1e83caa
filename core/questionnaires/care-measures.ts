/**
 * PHQ-9 and GAD-7 inside care (docs/decisions/079): which instruments, how they score,
 * and when the member is asked. Asked once the member has a session booked with a
 * psychologist and before the first is held, and again each time four more sessions
 * with that psychologist have been held: window n covers sessions held 4n to 4n + 3.
 */
import { gad7 } from "./gad7.ts";
import { missingItems } from "./missing-items.ts";
import { bandOf } from "./pfizer-screeners.ts";
import { phq9 } from "./phq9.ts";

export const careInstruments = { phq9, gad7 } as const;
export type CareInstrument = keyof typeof careInstruments;
export const careInstrumentIds = Object.keys(careInstruments) as CareInstrument[];

/** Asked again after this many sessions held with the same psychologist. */
const SESSIONS_PER_MEASURE = 4;

/** The window a pair (member, psychologist) is in, from the sessions held between them. */
export function measureWindow(sessionsHeld: number): number {
  return Math.floor(Math.max(0, sessionsHeld) / SESSIONS_PER_MEASURE);
}

/** The total and its severity band; `answers` complete (missingItems is empty). */
export function scoreMeasure(instrument: CareInstrument, answers: readonly number[]) {
  const { bands, maxScore, items } = careInstruments[instrument];
  if (answers.length !== items.length || missingItems(answers, items.length).length > 0) {
    throw new Error(`${instrument} needs ${items.length} answers`);
  }
  const score = answers.reduce((sum, answer) => sum + answer, 0);
  return { score, maxScore, band: bandOf(bands, score) };
}
