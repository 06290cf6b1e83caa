/**
 * The WhatsApp channel's rules (docs/decisions/092), shared by server and web: the number a member
 * types, the replies the server understands, the 24-hour service window and the texts WhatsApp
 * carries. None of them says anything about how a person feels.
 */
import { crisisLines } from "./support-card.ts";

/** Meta's approved templates: a utility reminder with one URL button, and an authentication code. */
export const whatsappTemplates = {
  reminder: "sereno_lembrete_checkin",
  code: "sereno_codigo_confirmacao",
  language: "pt_BR",
} as const;

/** The reminder template's body, word for word as approved at Meta: no health word. */
export const whatsappReminderText = "Seu check-in do dia está disponível";
/** The path its button opens (the template's URL is the app's address plus this suffix). */
export const whatsappCheckInPath = "check-ins?origem=whatsapp";

/** Minutes a confirmation code lives, and the wrong tries it takes. */
export const WHATSAPP_CODE_MINUTES = 10;
export const WHATSAPP_CODE_ATTEMPTS = 5;
/** Free-form messages only within this long of the person's last message (Meta's customer-service window). */
const WHATSAPP_SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * A Brazilian mobile or any number with its country code, as WhatsApp writes it (digits only): 11 digits
 * without the country code get 55; null when it cannot be one.
 */
export function normalizeWhatsappNumber(input: string): string | null {
  const digits = input.replace(/[\s().+-]/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const full = digits.length === 11 || digits.length === 10 ? `55${digits}` : digits;
  return full.length >= 12 && full.length <= 15 ? full : null;
}

/** '+55 11 9••••-5678': what the screen shows of a confirmed number. */
export function maskWhatsappNumber(phone: string): string {
  return `+${phone.slice(0, 2)} ${phone.slice(2, 4)} •••••-${phone.slice(-4)}`;
}

const normalizeReply = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toUpperCase();

/** 'PARAR', 'SAIR' (any case, accents or punctuation around): the person leaves at once. */
export function isStopReply(text: string): boolean {
  return ["PARAR", "SAIR", "STOP"].includes(normalizeReply(text).replace(/[^A-Z]/g, ""));
}

/** Words that may mean a person is in danger: the answer then carries the crisis lines. */
const CRISIS_WORDS = [
  "suicid",
  "me matar",
  "me mate",
  "morrer",
  "acabar com tudo",
  "acabar com a minha vida",
  "tirar minha vida",
  "nao aguento mais",
  "me cortar",
  "autolesao",
  "sem saida",
];

export function hasCrisisWord(text: string): boolean {
  const plain = normalizeReply(text).toLowerCase();
  return CRISIS_WORDS.some((word) => plain.includes(word));
}

export type WhatsappReplyKind = "opted-out" | "neutral" | "crisis";

/** What the server answers a message: never the message itself, which is not stored. */
export function replyKindOf(text: string): WhatsappReplyKind {
  if (isStopReply(text)) return "opted-out";
  return hasCrisisWord(text) ? "crisis" : "neutral";
}

const lines = crisisLines.map((line) => `${line.name}: ${line.number}`).join(" · ");

/** The free-form answers (inside the 24-hour window only). */
export function whatsappReplyText(kind: WhatsappReplyKind, appUrl: string): string {
  switch (kind) {
    case "opted-out":
      return "Pronto: você não vai mais receber lembretes do Sereno por WhatsApp. Para voltar, ative em Configurações › Lembretes no app.";
    case "neutral":
      return `Este número só envia lembretes do Sereno e não lê respostas. Para registrar como está ou falar com alguém, abra o app: ${appUrl}`;
    case "crisis":
      return `Este número não lê respostas, mas você não precisa passar por isso sozinho. Se estiver em perigo agora, ligue: ${lines}. Pelo app você também encontra apoio: ${appUrl}/ajuda`;
  }
}

/** Whether a free-form message may go now: the person wrote within the last 24 hours. */
export function isInsideServiceWindow(lastInboundAt: Date | null, now: Date): boolean {
  return lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < WHATSAPP_SERVICE_WINDOW_MS;
}
