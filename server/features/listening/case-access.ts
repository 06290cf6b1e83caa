/**
 * Who may see a case (docs/decisions/049): an active handler of the case's
 * company whom the reporter did not exclude. Anyone else, an excluded handler
 * included, gets the same 404 as for a case that does not exist.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, notExists, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { localDay } from "#core/dates.ts";
import { listeningMessages as m } from "#core/listening-messages.ts";
import type { Db } from "#server/db/client.ts";
import { listeningCases, listeningExclusions, listeningHandlers } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { defineAccess, requireUser, type Viewer } from "#server/features/auth/index.ts";

export type Handler = { id: string; companyId: string; viewer: Viewer };

/** The caller as a handler of their own company, or 403: the Canal de escuta's handler routes declare it. */
export const caseHandler = defineAccess("handler", async (request): Promise<Handler> => {
  const viewer = await requireUser(request);
  const handler = viewer.companyId
    ? await activeHandler(request.server.deps.db, viewer.companyId, viewer.userId)
    : null;
  if (!handler) throw new AppError("NOT_LISTENING_HANDLER", m.notHandler);
  return { id: handler.id, companyId: handler.companyId, viewer };
});

export async function activeHandler(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select({ id: listeningHandlers.id, companyId: listeningHandlers.companyId })
    .from(listeningHandlers)
    .where(
      and(
        eq(listeningHandlers.companyId, companyId),
        eq(listeningHandlers.userId, userId),
        eq(listeningHandlers.isActive, true),
      ),
    );
  return row ?? null;
}

/** The SQL condition 'this handler may see the case': same company, not excluded. */
export function visibleTo(handler: Pick<Handler, "id" | "companyId">) {
  return and(
    eq(listeningCases.companyId, handler.companyId),
    notExists(
      sql`(select 1 from ${listeningExclusions} where ${listeningExclusions.caseId} = ${listeningCases.id} and ${listeningExclusions.handlerId} = ${handler.id})`,
    ),
  );
}

export async function findVisibleCase(db: Db, handler: Handler, caseId: string) {
  const [row] = await db
    .select()
    .from(listeningCases)
    .where(and(eq(listeningCases.id, caseId), visibleTo(handler)));
  if (!row) throw new AppError("NOT_FOUND", m.handlerCaseNotFound);
  return row;
}

/** The secret is stored only as an HMAC under a key derived from the app secret, bound to its protocol. */
export function hashSecret(appSecret: string, protocol: string, secret: string): string {
  const key = createHmac("sha256", appSecret).update("sereno:canal-de-escuta").digest();
  return createHmac("sha256", key).update(`${protocol}\u0000${secret}`).digest("hex");
}

export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Handlers and reporters see days: the product's time zone decides which. */
export function today(request: FastifyRequest): string {
  return localDay(request.server.deps.now(), request.server.deps.env.TZ_DEFAULT);
}
