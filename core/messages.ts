/**
 * The pt-BR texts many areas share (spec 5 and 8): input, connection and unexpected errors, the
 * e-mail field, the company a caller must belong to, and loading failures. Each area's own texts live in
 * its `core/<area>-messages.ts` (docs/style.md); add a text here only when several areas say it.
 */
import { countOf, formatNumber } from "./format.ts";

export const messages = {
  // The e-mail field and the session (spec 5 and 8)
  emailRequired: "O e-mail é obrigatório",
  emailInvalid: "E-mail inválido",
  networkError: "Erro de conexão. Por favor, verifique sua internet e tente novamente.",
  logoutFailed: "Erro ao fazer logout",
  sessionInvalid: "Sessão inválida. Por favor, faça login novamente.",

  // Generic
  somethingWentWrong: "Algo deu errado",
  internalError: "Ocorreu um erro inesperado. Tente novamente em instantes.",
  invalidInput: "Dados inválidos. Confira os campos e tente novamente.",
  textControlCharacters: "O texto tem caracteres inválidos. Use apenas texto comum.",
  authError: "Ocorreu um erro durante a autenticação",
  authCheckError: "Ocorreu um erro ao verificar sua autenticação",

  // The app shell offline (docs/decisions/027)
  offlineSignedOut:
    "Você está offline. Conecte-se à internet para abrir o Sereno; um check-in guardado neste aparelho é enviado assim que a conexão voltar.",

  // A caller without a company (spec 5 and 8)
  noCompany: "Usuário sem empresa associada",
  companyIdMissing: "ID da empresa não encontrado",

  // File storage, for exercises and care (spec 2, 5, 8)
  storageUnavailable: "Armazenamento não configurado. Tente novamente.",
} as const;

export function fileTooLargeMessage(kindLabel: string, maxMb: number): string {
  return `O arquivo de ${kindLabel} passa do limite de ${maxMb} MB. Envie um arquivo menor.`;
}

/** An upload cut off at its route's byte limit, whatever its kind (docs/decisions/018). */
export function uploadTooLargeMessage(maxBytes: number): string {
  return `O arquivo passa do limite de ${formatNumber(maxBytes / 1024 / 1024, { upTo: 2 })} MB. Envie um arquivo menor.`;
}

/** 'Não foi possível carregar {o que}': the data-loading error of spec 8. */
export function loadFailed(what: string): string {
  return `Não foi possível carregar ${what}`;
}

/** Limits on files built or received on request (docs/decisions/030); `seconds` is how long until the window ends. */
export const fileLimitMessages = {
  perPerson: (what: string, max: number, seconds: number) =>
    `Você atingiu o limite de ${max} ${what} por hora. Tente novamente em ${waitOf(seconds)}.`,
  perCompany: (what: string, max: number, seconds: number) =>
    `Sua empresa atingiu o limite de ${max} ${what} por hora. Tente novamente em ${waitOf(seconds)}.`,
} as const;

function waitOf(seconds: number): string {
  return countOf(Math.max(1, Math.ceil(seconds / 60)), "minuto", "minutos");
}

/**
 * The one refusal of an incomplete questionnaire (WHO-5, PHQ-9, GAD-7, NR-1 inventories), naming the
 * unanswered questions by number: 'Responda à pergunta 9 para enviar.' / 'Responda às perguntas 2, 4 e 9 para enviar.'
 */
export function missingAnswersMessage(items: readonly number[]): string {
  if (items.length === 1) return `Responda à pergunta ${items[0]} para enviar.`;
  const list = `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
  return `Responda às perguntas ${list} para enviar.`;
}
