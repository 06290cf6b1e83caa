/**
 * Every code an error reply of the API can carry, `{ error: { code, message } }`:
 * the server throws them (server/errors.ts) and the web compares them
 * (web/lib/api.ts), so a renamed code fails the type check on both sides.
 */

/** The server's own refusals and the HTTP status each one gets. Add a code here when a new kind of refusal appears. */
export const statusByCode = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONSENT_REQUIRED: 403,
  ORIGIN_REFUSED: 403,
  /** A manager or member not (or no longer) attached to a company: the web shows the no-company panel. */
  NO_COMPANY: 403,
  /** A password sign-in for an e-mail whose company allows only its single sign-on (docs/decisions/047). */
  SSO_REQUIRED: 403,
  /** /escuta/casos for someone the admin did not appoint: the web explains who handles cases (docs/decisions/052). */
  NOT_LISTENING_HANDLER: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CHECKIN_ALREADY_DONE: 409,
  /** An offline check-in that arrives too late (over 24 h) or from the future (docs/decisions/027). */
  CHECKIN_TOO_LATE: 422,
  /** An HR API call repeating an Idempotency-Key with another body (docs/decisions/044). */
  IDEMPOTENCY_MISMATCH: 422,
  /** A training's attendance file naming matrículas not in the roster: listed, nothing imported until confirmed (docs/decisions/090). */
  UNKNOWN_MATRICULAS: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  /** Request headers over Node's limit, refused before Fastify sees them (server/errors.ts). */
  HEADERS_TOO_LARGE: 431,
  TOO_MANY_REQUESTS: 429,
  /** A sign-in refused by its limits: the web offers the e-mailed sign-in link (docs/decisions/018). */
  SIGN_IN_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The admin's 'Configurar armazenamento' failed; the message carries the storage's reason. */
  STORAGE_SETUP_FAILED: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/**
 * better-auth's codes that /api/auth passes on, each said in pt-BR by
 * server/features/auth/auth-errors.ts; any other becomes AUTH_ERROR.
 */
const authErrorCodes = [
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_EMAIL",
  "INVALID_PASSWORD",
  "EMAIL_NOT_VERIFIED",
  "INVALID_TOKEN",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "CREDENTIAL_ACCOUNT_NOT_FOUND",
  "USER_NOT_FOUND",
  "FAILED_TO_GET_SESSION",
  "SESSION_EXPIRED",
  "INVALID_ORIGIN",
  "MISSING_OR_NULL_ORIGIN",
  /** Ours: a removed member's sign-in (server/features/auth/sign-in-access.ts). */
  "ACCESS_ENDED",
  /** Ours: a password the rules refuse, with the rule's own message (server/features/auth/auth.ts). */
  "PASSWORD_REJECTED",
  "AUTH_ERROR",
] as const;

export type AuthErrorCode = (typeof authErrorCodes)[number];

export function isAuthErrorCode(code: string | undefined): code is AuthErrorCode {
  return (authErrorCodes as readonly string[]).includes(code ?? "");
}

/** What the web itself reports: no answer (NETWORK) or an answer that is not ours (HTTP_ERROR). */
type ClientErrorCode = "NETWORK" | "HTTP_ERROR";

export type ErrorCode = AppErrorCode | AuthErrorCode | ClientErrorCode;
