/** The mood scale of spec 9: 1 to 5, each with its label. */
export const MOODS = [1, 2, 3, 4, 5] as const;
export type Mood = (typeof MOODS)[number];

export const moodLabels: Record<Mood, string> = {
  1: "Muito Baixo",
  2: "Baixo",
  3: "Neutro",
  4: "Bom",
  5: "Ótimo",
};

/** The calendar shows a day without a mood value as neutral (spec 9). */
export const MISSING_MOOD: Mood = 3;

export function isMood(value: unknown): value is Mood {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** Optional on the check-in, 1 to 5 (docs/decisions/023): one tap each, skippable. */
export const LEVELS = [1, 2, 3, 4, 5] as const;
export type Level = (typeof LEVELS)[number];

export const energyLabels: Record<Level, string> = {
  1: "Muito baixa",
  2: "Baixa",
  3: "Média",
  4: "Boa",
  5: "Muito alta",
};

// Never a mood's label ('Baixo'): each option's name stays unique on the check-in screen.
export const stressLabels: Record<Level, string> = {
  1: "Mínimo",
  2: "Leve",
  3: "Moderado",
  4: "Alto",
  5: "Muito alto",
};

export function isLevel(value: unknown): value is Level {
  return isMood(value);
}
