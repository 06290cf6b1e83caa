/** The exercise catalogue's vocabulary and the library's filters (spec 3, 5, 9; pt-BR labels everywhere). */
export const exerciseCategories = ["breathing", "meditation", "movement", "focus", "stress-relief"] as const;
export type ExerciseCategory = (typeof exerciseCategories)[number];

export const categoryLabels: Record<ExerciseCategory, string> = {
  breathing: "Respiração",
  meditation: "Meditação",
  movement: "Movimento",
  focus: "Foco",
  "stress-relief": "Alívio do Estresse",
};

export const mediaTypes = ["link", "video", "audio", "pdf"] as const;
export type MediaType = (typeof mediaTypes)[number];

export const mediaTypeLabels: Record<MediaType, string> = { link: "Link", video: "Vídeo", audio: "Áudio", pdf: "PDF" };

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 15;
export const DEFAULT_XP_REWARD = 10;
/** XP of the day's check-in (spec 9). */
export const CHECK_IN_XP = 50;

export const durationBuckets = [
  { id: "lt5", label: "Menos de 5 min", min: 0, max: 4.999 },
  { id: "5-10", label: "5 a 10 min", min: 5, max: 10 },
  { id: "10-15", label: "10 a 15 min", min: 10.001, max: 15 },
  { id: "gt15", label: "Mais de 15 min", min: 15.001, max: Number.POSITIVE_INFINITY },
] as const;
export type DurationBucket = (typeof durationBuckets)[number]["id"];

/** '10 min', '1h30', '90 minutos' → minutes; null when the text has no number. */
export function durationMinutes(text: string): number | null {
  const hours = text.match(/(\d+(?:[.,]\d+)?)\s*h/i);
  const minutes = text.match(/(\d+(?:[.,]\d+)?)\s*(?:min|m\b|minutos?)/i) ?? text.match(/h\s*(\d+)/i);
  const toNumber = (value: string | undefined) => (value ? Number(value.replace(",", ".")) : 0);
  if (hours) return toNumber(hours[1]) * 60 + (minutes ? toNumber(minutes[1]) : 0);
  if (minutes) return toNumber(minutes[1]);
  const bare = text.match(/\d+(?:[.,]\d+)?/);
  return bare ? toNumber(bare[0]) : null;
}

export function inDurationBucket(durationText: string, bucket: DurationBucket): boolean {
  const minutes = durationMinutes(durationText);
  const range = durationBuckets.find((candidate) => candidate.id === bucket);
  return minutes !== null && range !== undefined && minutes >= range.min && minutes <= range.max;
}

export type LocaleText = Record<string, string>;

/** The pt-BR text of a locale map, falling back to any locale. */
export function ptBR(text: LocaleText | null | undefined): string {
  if (!text) return "";
  return text["pt-BR"] ?? Object.values(text)[0] ?? "";
}

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR");

export type ExerciseFilter = { search?: string; category?: ExerciseCategory | ""; duration?: DurationBucket | "" };

/** The library's filter bar: text over every locale's title and description (case- and accent-insensitive), exact category, duration bucket. */
export function matchesExerciseFilter(
  exercise: { title: LocaleText; description: LocaleText; category: string; duration: string },
  filter: ExerciseFilter,
): boolean {
  const search = fold(filter.search?.trim() ?? "");
  if (search) {
    const haystack = fold([...Object.values(exercise.title), ...Object.values(exercise.description)].join(" "));
    if (!haystack.includes(search)) return false;
  }
  if (filter.category && exercise.category !== filter.category) return false;
  if (filter.duration && !inDurationBucket(exercise.duration, filter.duration)) return false;
  return true;
}

export function isExerciseLocked(requiredLevel: number, level: number): boolean {
  return requiredLevel > level;
}

/** What the day's own check-in says, for the pick below: the member's own answers, read on their device only. */
export type TodaysAnswers = { mood: number; stress: number | null } | null;

/**
 * 'Para você hoje' on the library (issue 36 item 9): one exercise a day, the same all day. A hard
 * day (mood 1–2 or stress 4–5) picks from stress relief and breathing, a good one (mood 4–5) from
 * focus and movement; otherwise any category. Only what the person can open and has not done today;
 * null when nothing is left. The choice among the candidates turns with the day.
 */
export function exerciseForToday<
  T extends { id: string; category: ExerciseCategory; locked: boolean; completedToday: boolean },
>(exercises: readonly T[], day: string, answers: TodaysAnswers): { exercise: T; reason: PickReason } | null {
  const open = exercises.filter((exercise) => !exercise.locked && !exercise.completedToday);
  const reason = pickReason(answers);
  const preferred = open.filter((exercise) => pickCategories[reason].includes(exercise.category));
  const candidates = preferred.length > 0 ? preferred : open;
  if (candidates.length === 0) return null;
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  const exercise = candidates[dayNumber % candidates.length] as T;
  return { exercise, reason: preferred.length > 0 ? reason : "any" };
}

type PickReason = "hard-day" | "good-day" | "any";

const pickCategories: Record<PickReason, readonly ExerciseCategory[]> = {
  "hard-day": ["stress-relief", "breathing"],
  "good-day": ["focus", "movement"],
  any: exerciseCategories,
};

function pickReason(answers: TodaysAnswers): PickReason {
  if (!answers) return "any";
  if (answers.mood <= 2 || (answers.stress ?? 0) >= 4) return "hard-day";
  if (answers.mood >= 4) return "good-day";
  return "any";
}

export const pickReasonText: Record<PickReason, string> = {
  "hard-day": "Para um dia pesado: um exercício curto para soltar a tensão.",
  "good-day": "Para aproveitar a boa energia de hoje.",
  any: "Escolhido para hoje. Amanhã tem outro.",
};
