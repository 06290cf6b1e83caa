/**
 * AppError and the one error handler. Throw an AppError with a code from
 * core/error-codes.ts and a pt-BR message; the handler picks the status. Errors Fastify raises before a
 * route runs (over-long URLs and headers, bad URL encoding) get the same
 * pt-BR body here too (docs/decisions/018).
 */
import { randomUUID } from "node:crypto";
import { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type AppErrorCode, type ErrorCode, statusByCode } from "#core/error-codes.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { classifyDatabaseError } from "#server/db/db-errors.ts";
import { loggableError } from "#server/logger.ts";

/** How long a client should wait after a 503 (database outage, shutting down). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    code: AppErrorCode,
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
export type ErrorBody = { error: { code: ErrorCode; message: string; field?: string; requestId: string } };

/** Fastify's own refusals that happen before a route runs, by Fastify error code. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: serverMessages.uriTooLong,
  FST_ERR_BAD_URL: messages.invalidInput,
  FST_ERR_CTP_BODY_TOO_LARGE: serverMessages.payloadTooLarge,
  FST_REQ_FILE_TOO_LARGE: serverMessages.payloadTooLarge,
  FST_FILES_LIMIT: serverMessages.payloadTooLarge,
  FST_PARTS_LIMIT: serverMessages.payloadTooLarge,
  FST_FIELDS_LIMIT: serverMessages.payloadTooLarge,
  FST_INVALID_MULTIPART_CONTENT_TYPE: serverMessages.multipartInvalid,
  FST_PROTO_VIOLATION: serverMessages.multipartInvalid,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

function handleError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const requestId = String(request.id);
  // Also here: refusals before routing (frameworkErrors) skip the app's onSend hook.
  reply.header("x-request-id", requestId);
  if (error instanceof AppError) {
    // loggableError: a database error carries the query's parameters (tokens, notes); never log them.
    if (error.status >= 500) request.log.error({ err: loggableError(error.cause ?? error), requestId }, error.code);
    if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
    // Any refusal before the body was read (a 400 on an upload's form, before its file): the unread rest
    // would stall the kept-alive socket exactly as after a 413 (issue 45).
    const isUnreadUpload = /^multipart\//i.test(request.headers["content-type"] ?? "") && !request.raw.complete;
    if (error.status === 413 || isUnreadUpload) closeAfterReply(request, reply);
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
  const failure = classifyDatabaseError(error);
  if (failure === "unavailable") {
    request.log.error({ err: loggableError(error), requestId }, "database unavailable");
    return reply
      .status(503)
      .header("retry-after", String(UNAVAILABLE_RETRY_SECONDS))
      .send({
        error: { code: "SERVICE_UNAVAILABLE", message: serverMessages.serviceUnavailable, requestId },
      } satisfies ErrorBody);
  }
  if (failure === "bad-data") {
    request.log.warn({ err: loggableError(error), requestId }, "database refused the data");
    return reply
      .status(400)
      .send({ error: { code: "BAD_REQUEST", message: messages.invalidInput, requestId } } satisfies ErrorBody);
  }
  const frameworkMessage = error.code ? frameworkMessages[error.code] : undefined;
  // Busboy's own parse errors ('Malformed part header', 'Unexpected end of form') carry no code.
  const isBrokenMultipart =
    !error.statusCode && /^(Malformed|Unexpected end of|Multipart: Boundary)/i.test(error.message);
  const status = isBrokenMultipart ? 400 : (error.statusCode ?? 500);
  if (status >= 500) {
    request.log.error({ err: loggableError(error), requestId }, "request failed");
    return reply.status(500).send({
      error: { code: "INTERNAL", message: messages.internalError, requestId },
    } satisfies ErrorBody);
  }
  if (status === 429) {
    return reply.status(429).send({
      error: { code: "TOO_MANY_REQUESTS", message: serverMessages.tooManyAttempts, requestId },
    } satisfies ErrorBody);
  }
  if (status === 413) {
    closeAfterReply(request, reply);
    return reply.status(413).send({
      error: { code: "PAYLOAD_TOO_LARGE", message: serverMessages.payloadTooLarge, requestId },
    } satisfies ErrorBody);
  }
  if (isBrokenMultipart) {
    return reply.status(400).send({
      error: { code: "BAD_REQUEST", message: serverMessages.multipartInvalid, requestId },
    } satisfies ErrorBody);
  }
  // Fastify's own 4xx (malformed JSON, wrong content type, over-long URL): a pt-BR message.
  const message = frameworkMessage ?? messages.invalidInput;
  return reply.status(status).send({ error: { code: "BAD_REQUEST", message, requestId } } satisfies ErrorBody);
}

/** How long the unread rest of a refused upload is read and thrown away before its connection closes. */
const LINGER_MS = 5_000;

/**
 * A 413 is answered at once, with most of the body still unsent or unread
 * (docs/decisions/018). `Connection: close`: those bytes would otherwise sit
 * before the next request on a kept-alive socket, which would hang. And a
 * lingering close, as nginx does: what the client still sends is read and
 * thrown away for up to LINGER_MS after the reply, because closing a socket
 * with unread bytes makes the kernel answer with a reset, which can reach the
 * client before it has read the 413 (it then reports a broken connection).
 */
function closeAfterReply(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("connection", "close");
  const { raw } = request;
  const { socket } = raw;
  // inject() has no real socket; a body read to its end leaves nothing to throw away.
  if (raw.complete || !(socket instanceof Socket)) return;
  raw.unpipe();
  raw.resume();
  // Node ends a `Connection: close` reply with destroySoon(), which closes once the reply is written:
  // half-close instead, so reading goes on; the socket ends when the client stops, or after LINGER_MS.
  socket.destroySoon = () => socket.end();
  const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once("close", () => clearTimeout(linger));
}

/** Fastify's `frameworkErrors` option: an over-long path parameter (414) or a bad URL gets our body. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return handleError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: the HTTP parser gave up (headers or URL
 * over the size limit, garbage). No request object exists, so the id is new.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, label, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", serverMessages.headersTooLarge]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", messages.invalidInput]
        : [400, "Bad Request", messages.invalidInput];
  const requestId = randomUUID();
  const code = status === 431 ? "HEADERS_TOO_LARGE" : "BAD_REQUEST";
  const body = JSON.stringify({ error: { code, message, requestId } } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
