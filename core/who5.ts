/**
 * The WHO-5 (Índice de Bem-Estar da OMS) for every member (docs/decisions/077,
 * 078): the Brazilian Portuguese text unaltered, its score (raw 0–25 × 4 =
 * 0–100), the calm reading the member sees, and when it is offered. Pure and
 * without zod, so the Painel's card stays light (docs/decisions/042).
 */
import { type IsoDay, localDay } from "./dates.ts";
import { sumOfItems } from "./questionnaires/missing-items.ts";

/** The consent text's version (its own, apart from the mood consent): change it when the text changes in substance. */
export const WHO5_CONSENT_VERSION = "1";
export const WHO5_CONSENT_TEXT =
  "Aceito que o Sereno guarde minhas respostas ao Índice de Bem-Estar da OMS (WHO-5) para eu acompanhar meu bem-estar. Só eu vejo minhas respostas e meu índice; a empresa nunca vê as respostas de ninguém. Posso revogar quando quiser em Configurações.";

/** The published Brazilian Portuguese version, word for word (source and its check: docs/decisions/077). */
export const who5 = {
  title: "Índice de Bem-Estar da OMS (WHO-5)",
  instructions:
    "Por favor, indique para cada uma das cinco afirmações a que está mais próxima do modo como você tem se sentido nas últimas duas semanas. Note que números mais altos significam maior bem-estar.",
  stem: "Nas últimas duas semanas…",
  items: [
    "Eu me senti alegre e de bom humor",
    "Eu me senti calmo(a) e tranquilo(a)",
    "Eu me senti ativo(a) e cheio(a) de energia",
    "Eu acordei me sentindo renovado(a) e descansado(a)",
    "Meu dia a dia tem sido cheio de coisas que me interessam",
  ],
  /** Highest first, as printed; the value is what the item scores. */
  scale: [
    { value: 5, label: "Todo o tempo" },
    { value: 4, label: "A maior parte do tempo" },
    { value: 3, label: "Mais da metade do tempo" },
    { value: 2, label: "Menos da metade do tempo" },
    { value: 1, label: "Algumas vezes" },
    { value: 0, label: "Em nenhum momento" },
  ],
  attribution:
    "WHO-5 © Psychiatric Research Unit, WHO Collaborating Centre in Mental Health, Frederiksborg General Hospital (Dinamarca). Versão em português do Brasil validada por de Souza & Hidalgo (2012). Uso livre com citação da fonte.",
} as const;

export const WHO5_ITEM_COUNT = who5.items.length;
export const WHO5_MAX_ITEM = 5;

/** Never twice within this many days: the server refuses a second answer inside it (409). */
export const WHO5_MIN_DAYS_BETWEEN = 80;
/** 'Agora não' hides the offer on the Painel for this long. */
const WHO5_SNOOZE_DAYS = 14;
/** At or below this index the member's page offers support, calmly (the WHO-5's own cut-off for low wellbeing). */
export const WHO5_SUPPORT_AT_OR_BELOW = 50;
/** A change of 10 points is the smallest the WHO-5's authors read as a real change. */
const MEANINGFUL_CHANGE = 10;

/** The 0–100 index of a complete answer: the raw 0–25 sum times 4. */
export function who5Index(answers: readonly number[]): { raw: number; index: number } {
  const raw = sumOfItems(answers);
  return { raw, index: raw * 4 };
}

/** A calendar quarter of a day, '2026-T4' (trimestre). */
export function quarterOf(day: IsoDay): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-T${Math.ceil(month / 3)}`;
}

/** The first moment a new answer is accepted after one given at `lastAt`. */
export function nextAnswerFrom(lastAt: Date): Date {
  return new Date(lastAt.getTime() + WHO5_MIN_DAYS_BETWEEN * 86_400_000);
}

/** The consent of someone: null never asked, otherwise their latest act. */
export type Who5ConsentState = { kind: "given" | "revoked"; version: string } | null;

export function hasWho5Consent(consent: Who5ConsentState): boolean {
  return consent?.kind === "given" && consent.version === WHO5_CONSENT_VERSION;
}

/**
 * What the Painel offers now: 'consent' (never asked, or asked an older text), 'questionnaire'
 * (consented, nothing answered this quarter, 80 days since the last), or nothing. Someone who
 * revoked is not asked again here (Configurações gives it back); 'Agora não' hides either offer.
 */
export function who5Offer(
  person: { consent: Who5ConsentState; lastAnsweredAt: Date | null; dismissedUntil: Date | null; timezone: string },
  now: Date,
): "consent" | "questionnaire" | null {
  if (person.dismissedUntil && now < person.dismissedUntil) return null;
  if (!hasWho5Consent(person.consent)) return person.consent?.kind === "revoked" ? null : "consent";
  if (!person.lastAnsweredAt) return "questionnaire";
  if (now < nextAnswerFrom(person.lastAnsweredAt)) return null;
  const thisQuarter = quarterOf(localDay(now, person.timezone));
  return quarterOf(localDay(person.lastAnsweredAt, person.timezone)) === thisQuarter ? null : "questionnaire";
}

/** The end of 'Agora não' from `now`. */
export function snoozedUntil(now: Date): Date {
  return new Date(now.getTime() + WHO5_SNOOZE_DAYS * 86_400_000);
}

/** A calm reading of one index, never a diagnosis. */
export function who5Reading(index: number): string {
  if (index <= WHO5_SUPPORT_AT_OR_BELOW) {
    return "Suas respostas mostram duas semanas mais pesadas. Isso acontece com muita gente e pode mudar. Cuidar de você agora conta, e você não precisa fazer isso sozinho(a).";
  }
  if (index < 76) {
    return "Suas respostas mostram um bem-estar no meio do caminho: há dias bons e outros nem tanto. Pequenos cuidados no dia a dia fazem diferença.";
  }
  return "Suas respostas mostram um bom bem-estar nas últimas duas semanas. Que bom! Vale notar o que tem ajudado.";
}

/** How the latest index compares with the one before, in words. */
export function who5Trend(latest: number, previous: number | null): string | null {
  if (previous === null) return null;
  const change = latest - previous;
  if (Math.abs(change) < MEANINGFUL_CHANGE) return "Seu índice ficou parecido com o da vez anterior.";
  return change > 0
    ? `Seu índice subiu ${change} pontos desde a vez anterior.`
    : `Seu índice baixou ${-change} pontos desde a vez anterior.`;
}

/** The first day, in the person's zone, a new answer is accepted. */
export function nextAnswerDay(lastAt: Date, timezone: string): IsoDay {
  return localDay(nextAnswerFrom(lastAt), timezone);
}
