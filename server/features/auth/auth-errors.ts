/** better-auth's error codes, said in pt-BR (spec section 8). */

import { authMessages } from "#core/auth-messages.ts";
import { type AuthErrorCode, isAuthErrorCode } from "#core/error-codes.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";

const messageByCode: Partial<Record<AuthErrorCode, string>> = {
  INVALID_EMAIL_OR_PASSWORD: authMessages.invalidCredentials,
  INVALID_EMAIL: messages.emailInvalid,
  INVALID_PASSWORD: serverMessages.currentPasswordWrong,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
  INVALID_TOKEN: authMessages.resetTokenInvalid,
  PASSWORD_TOO_SHORT: authMessages.passwordTooShort,
  PASSWORD_TOO_LONG: authMessages.passwordTooLong,
  CREDENTIAL_ACCOUNT_NOT_FOUND: authMessages.invalidCredentials,
  USER_NOT_FOUND: authMessages.invalidCredentials,
  FAILED_TO_GET_SESSION: messages.sessionInvalid,
  SESSION_EXPIRED: messages.sessionInvalid,
  INVALID_ORIGIN: serverMessages.forbidden,
  MISSING_OR_NULL_ORIGIN: serverMessages.forbidden,
  ACCESS_ENDED: authMessages.accessEnded,
};

/** The code a reply of /api/auth carries: better-auth's when we know it, AUTH_ERROR otherwise. */
export function authErrorCode(code: string | undefined): AuthErrorCode {
  return isAuthErrorCode(code) ? code : "AUTH_ERROR";
}

export function authErrorMessage(code: AuthErrorCode, status: number, message?: string): string {
  if (code === "PASSWORD_REJECTED" && message) return message;
  const known = messageByCode[code];
  if (known) return known;
  if (status === 401) return serverMessages.unauthenticated;
  if (status === 403) return serverMessages.forbidden;
  if (status === 429) return serverMessages.tooManyAttempts;
  if (status >= 500) return messages.internalError;
  return messages.invalidInput;
}
