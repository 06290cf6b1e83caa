/** better-auth's error codes, said in pt-BR (spec section 8). */
import { messages } from "#core/messages.ts";

const messageByCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: messages.invalidCredentials,
  INVALID_EMAIL: messages.emailInvalid,
  INVALID_PASSWORD: messages.currentPasswordWrong,
  EMAIL_NOT_VERIFIED: messages.emailNotConfirmed,
  INVALID_TOKEN: messages.resetTokenInvalid,
  PASSWORD_TOO_SHORT: messages.passwordTooShort,
  PASSWORD_TOO_LONG: messages.passwordTooLong,
  CREDENTIAL_ACCOUNT_NOT_FOUND: messages.invalidCredentials,
  USER_NOT_FOUND: messages.invalidCredentials,
  FAILED_TO_GET_SESSION: messages.sessionInvalid,
  SESSION_EXPIRED: messages.sessionInvalid,
  INVALID_ORIGIN: messages.forbidden,
  MISSING_OR_NULL_ORIGIN: messages.forbidden,
  ACCESS_ENDED: messages.accessEnded,
};

export function authErrorMessage(code: string | undefined, status: number, message?: string): string {
  if (code === "PASSWORD_REJECTED" && message) return message;
  if (code && messageByCode[code]) return messageByCode[code];
  if (status === 401) return messages.unauthenticated;
  if (status === 403) return messages.forbidden;
  if (status === 429) return messages.tooManyAttempts;
  if (status >= 500) return messages.internalError;
  return messages.invalidInput;
}
