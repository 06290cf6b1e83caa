/**
 * AppError and the one error handler. Throw an AppError with a code from the
 * table below and a pt-BR message; the handler picks the status. Add a code
 * here when a new kind of refusal appears.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { messages } from "#core/messages.ts";
import { loggableError } from "#server/logger.ts";

const statusByCode = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONSENT_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CHECKIN_ALREADY_DONE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = statusByCode[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The JSON body of every error reply: `{ error: { code, message, field?, requestId } }`. */
export type ErrorBody = { error: { code: string; message: string; field?: string; requestId: string } };

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const requestId = String(request.id);
    if (error instanceof AppError) {
      // loggableError: a database error carries the query's parameters (tokens, notes); never log them.
      if (error.status >= 500) request.log.error({ err: loggableError(error.cause ?? error), requestId }, error.code);
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.status).send({
        error: { code: error.code, message: error.message, field: error.field, requestId },
      } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, "").replaceAll("/", ".") || undefined;
      // core/zod-locale.ts makes zod's own messages pt-BR; our schemas carry the spec's.
      const message = issue?.message ?? messages.invalidInput;
      return reply.status(400).send({ error: { code: "VALIDATION", message, field, requestId } } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error), requestId }, "request failed");
      return reply.status(500).send({
        error: { code: "INTERNAL", message: messages.internalError, requestId },
      } satisfies ErrorBody);
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: { code: "TOO_MANY_REQUESTS", message: messages.tooManyAttempts, requestId } });
    }
    if (status === 413) {
      return reply.status(413).send({
        error: { code: "PAYLOAD_TOO_LARGE", message: "O envio é grande demais.", requestId },
      });
    }
    // Fastify's own 4xx (malformed JSON, wrong content type): a generic pt-BR message.
    return reply.status(status).send({ error: { code: "BAD_REQUEST", message: messages.invalidInput, requestId } });
  });
}
