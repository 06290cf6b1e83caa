/**
 * The admin screen's error text (spec 8): 'Erro ao {ação}: {status} {motivo}. {mensagem}'.
 * fetch's statusText is empty over HTTP/1.1 from Node, so the reason phrase comes from this table.
 */

import { adminErrorMessage } from "#core/admin-messages.ts";
import { messages } from "#core/messages.ts";
import { ApiError } from "#web/lib/api.ts";

export type AdminAction =
  | "carregar empresas"
  | "criar empresa"
  | "apagar empresa"
  | "adicionar membro"
  | "remover membro"
  | "mudar plano";

const reasonPhrases: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

function reasonPhrase(status: number): string {
  return reasonPhrases[status] ?? "Error";
}

export function adminActionError(action: AdminAction, error: unknown): string {
  if (!(error instanceof ApiError)) return adminErrorMessage(action, 0, "Error", messages.internalError);
  if (error.isNetwork) return `Erro ao ${action}. ${messages.networkError}`;
  if (error.status === 401) return messages.sessionInvalid;
  return adminErrorMessage(action, error.status, reasonPhrase(error.status), error.message);
}
