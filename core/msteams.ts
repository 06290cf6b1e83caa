/**
 * The Microsoft Teams channel's cards (docs/decisions/095), plain Adaptive Card JSON (schema 1.5, what Teams
 * renders). The reminder card's buttons carry only the mood value and a one-time token; the card is then
 * replaced by a neutral one. No text the bot writes says how anyone feels: the five options are the same for
 * everyone and no answer is ever written back.
 */
import { MOODS, type Mood, moodLabels } from "./mood.ts";

type Card = { type: "AdaptiveCard"; $schema: string; version: string; body: unknown[]; actions?: unknown[] };

const card = (body: unknown[], actions?: unknown[]): Card => ({
  type: "AdaptiveCard",
  $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
  version: "1.5",
  body,
  ...(actions ? { actions } : {}),
});

const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: "TextBlock",
  text: value,
  wrap: true,
  ...extra,
});

/** The faces of the check-in screen, in the order of the scale. */
const moodFaces: Record<Mood, string> = { 1: "😞", 2: "🙁", 3: "😐", 4: "🙂", 5: "😄" };

export const msteamsTexts = {
  reminderTitle: "Seu check-in do dia está disponível",
  reminderBody: "Toque em uma opção. Sua resposta vai direto para o Sereno e não fica nesta conversa.",
  doneTitle: "Check-in registrado",
  doneBody: "Obrigado. Você vê seu histórico no Sereno.",
  alreadyDone: "O check-in de hoje já estava registrado.",
  expiredBody: "Este cartão não vale mais. Abra o Sereno para fazer o check-in.",
  linkTitle: "Vincule sua conta do Sereno",
  linkBody:
    "Entre uma vez no Sereno para receber aqui o lembrete do check-in. O vínculo não entra por você: você faz login normalmente.",
  linkButton: "Vincular minha conta",
  linkedHint: "Sua conta já está vinculada. Ative os lembretes pelo Teams em Configurações › Lembretes no Sereno.",
} as const;

/** What one button's submission carries: nothing but the mood and the card's one-time token. */
export type MsteamsCardData = { mood: Mood; token: string };

/** The day's reminder: a neutral line and the five moods, each an Action.Submit. */
export function reminderCard(token: string): Card {
  return card(
    [
      text(msteamsTexts.reminderTitle, { weight: "Bolder", size: "Medium" }),
      text(msteamsTexts.reminderBody, { isSubtle: true }),
    ],
    MOODS.map((mood) => ({
      type: "Action.Submit",
      title: `${moodFaces[mood]} ${moodLabels[mood]}`,
      data: { mood, token } satisfies MsteamsCardData,
    })),
  );
}

/** What replaces the reminder card once answered (or when its token no longer holds): nothing about the answer. */
export function doneCard(kind: "recorded" | "already" | "expired"): Card {
  if (kind === "expired") return card([text(msteamsTexts.expiredBody)]);
  return card([
    text(msteamsTexts.doneTitle, { weight: "Bolder", size: "Medium" }),
    text(kind === "already" ? msteamsTexts.alreadyDone : msteamsTexts.doneBody, { isSubtle: true }),
  ]);
}

/** The first card in a chat not yet bound: a button opening Sereno's sign-in, then the binding. */
export function linkCard(url: string): Card {
  return card(
    [text(msteamsTexts.linkTitle, { weight: "Bolder", size: "Medium" }), text(msteamsTexts.linkBody)],
    [{ type: "Action.OpenUrl", title: msteamsTexts.linkButton, url }],
  );
}

/** A plain note card (already linked, and the like). */
export function noteCard(value: string): Card {
  return card([text(value)]);
}

/** The path, under the app's address, the link card opens (the web page binds after sign-in). */
export const msteamsLinkPath = "/settings/teams";

/** Reads a submission's data: a mood of the scale and a token, or null. */
export function cardDataOf(value: unknown): MsteamsCardData | null {
  if (!value || typeof value !== "object") return null;
  const { mood, token } = value as Record<string, unknown>;
  if (typeof token !== "string" || token.length < 20 || token.length > 100) return null;
  if (typeof mood !== "number" || !MOODS.includes(mood as Mood)) return null;
  return { mood: mood as Mood, token };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (value: string) => GUID.test(value);
