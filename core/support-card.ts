/**
 * The private support card (docs/decisions/023): when a person's own recent
 * check-ins show a low pattern, they, and only they, see where to find help.
 * Computed on request from their own rows; nothing about it is stored on the server.
 */
import { addDays, type IsoDay } from "./dates.ts";

/** How many of the latest check-ins are read, and how far back they may be. */
const LOW_PATTERN_CHECK_INS = 5;
export const LOW_PATTERN_WITHIN_DAYS = 14;
/** Mood 'Baixo' (2) or 'Muito Baixo' (1) counts as low. */
const LOW_MOOD_MAX = 2;
const LOW_MOODS_NEEDED = 3;
/** After the card is dismissed it stays hidden this long. */
const SUPPORT_CARD_SNOOZE_DAYS = 7;

/**
 * The rule: among the person's last 5 check-ins made in the last 14 days,
 * a mood of 2 or less on 3 of them, or 'Muito Baixo' (1) on two check-ins in a row.
 * `recent` is newest first.
 */
export function showsLowPattern(recent: readonly { day: IsoDay; mood: number }[], today: IsoDay): boolean {
  const since = addDays(today, -(LOW_PATTERN_WITHIN_DAYS - 1));
  const moods = recent
    .filter((checkIn) => checkIn.day >= since && checkIn.day <= today)
    .slice(0, LOW_PATTERN_CHECK_INS)
    .map((checkIn) => checkIn.mood);
  const lowCount = moods.filter((mood) => mood <= LOW_MOOD_MAX).length;
  const veryLowTwiceInARow = moods.some((mood, index) => mood === 1 && moods[index + 1] === 1);
  return lowCount >= LOW_MOODS_NEEDED || veryLowTwiceInARow;
}

/** Whether the card shows now, given when (if ever) the person dismissed it on this device. */
export function supportCardVisible(lowPattern: boolean, dismissedAt: Date | null, now: Date): boolean {
  if (!lowPattern) return false;
  if (!dismissedAt) return true;
  return now.getTime() - dismissedAt.getTime() >= SUPPORT_CARD_SNOOZE_DAYS * 86_400_000;
}

/** The crisis lines, the same on the help screen, the menu's 'Precisa de ajuda agora?' and the private card. */
export const crisisLines = [
  {
    number: "188",
    name: "CVV",
    detail: "Apoio emocional gratuito, 24 horas, por telefone e chat",
    chatUrl: "https://cvv.org.br",
  },
  { number: "192", name: "SAMU", detail: "Emergências médicas", chatUrl: null },
] as const;

/** A map search for the CAPS (Centro de Atenção Psicossocial) near the person: free public care from the SUS. */
export const capsSearchUrl = `https://www.google.com/maps/search/${encodeURIComponent("CAPS Centro de Atenção Psicossocial")}`;
