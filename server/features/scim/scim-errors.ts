/**
 * SCIM's own error body (RFC 7644 §3.12): `urn:ietf:params:scim:api:messages:2.0:Error`
 * with the status as a string and, where the RFC names one, a scimType. Every
 * refusal under /scim/v2 leaves through `handleScimError` (set on the SCIM
 * plugin only), so an identity provider never sees the app's `{ error }` body.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { scimMessages } from "#core/scim-messages.ts";
import { AppError } from "#server/errors.ts";
import { loggableError } from "#server/logger.ts";

const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_CONTENT_TYPE = "application/scim+json; charset=utf-8";

type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers"
  | "sensitive";

export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimType,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType && { scimType }), detail };
}

export function handleScimError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  reply.header("x-request-id", request.id).type(SCIM_CONTENT_TYPE);
  if (error instanceof ScimError) {
    if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
    return reply.status(error.status).send(scimErrorBody(error.status, error.message, error.scimType));
  }
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
    if (error.status >= 500) request.log.error({ err: loggableError(error.cause ?? error) }, error.code);
    const scimType = error.status === 400 ? "invalidValue" : undefined;
    return reply.status(error.status).send(scimErrorBody(error.status, error.message, scimType));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply
      .status(400)
      .send(scimErrorBody(400, error.validation[0]?.message ?? scimMessages.invalidJson, "invalidValue"));
  }
  const fastifyError = error as FastifyError;
  // Two provisioning calls for the same person at once: the unique index refuses the second.
  if (isUniqueViolation(error))
    return reply.status(409).send(scimErrorBody(409, scimMessages.userNameTaken, "uniqueness"));
  const status = fastifyError.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: loggableError(error) }, "scim request failed");
    return reply.status(500).send(scimErrorBody(500, scimMessages.internalError));
  }
  // Fastify's own 4xx before the route: a malformed JSON body, a content type it cannot read.
  const isSyntax = status === 400;
  return reply
    .status(status)
    .send(
      scimErrorBody(
        status,
        isSyntax ? scimMessages.invalidJson : scimMessages.methodNotAllowed,
        isSyntax ? "invalidSyntax" : undefined,
      ),
    );
}

/** A path the SCIM API answers for, a malformed or unknown one included (RFC 7644 §3.12). */
export function isScimPath(url: string): boolean {
  return url === "/scim/v2" || url.startsWith("/scim/v2/") || url.startsWith("/scim/v2?");
}

/**
 * Fastify's refusals before routing (a malformed URL, an over-long parameter) under /scim/v2: SCIM's error
 * body too. They skip the plugin's hooks, so its content type and no-store are set here.
 */
export function handleScimFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header("cache-control", "no-store");
  if (error.code === "FST_ERR_BAD_URL") {
    return reply
      .header("x-request-id", request.id)
      .type(SCIM_CONTENT_TYPE)
      .status(400)
      .send(scimErrorBody(400, scimMessages.invalidUrl, "invalidSyntax"));
  }
  return handleScimError(error, request, reply);
}

/** A unique index refused the write (PostgreSQL 23505), whether the driver's error or drizzle's wrapper of it. */
function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === "23505" || code((error as { cause?: unknown } | null)?.cause) === "23505";
}
