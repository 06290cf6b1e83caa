/**
 * Configurações › Sessões ativas (docs/decisions/032): the signed-in person's
 * sessions, and ending one or all the others. Sessions are read and deleted
 * here, by id and owner, rather than through better-auth's list and revoke
 * endpoints, which hand every session's token to the page and revoke by
 * token. A deleted session is nobody at the next request in any process
 * (every request reads its session from the database, session-lookup.ts);
 * the hot routes' remembered callers (viewer.ts) are forgotten too.
 */
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { approximateAddress } from "#core/approximate-address.ts";
import { deviceLabel } from "#core/device-label.ts";
import { activeSessionListSchema, sessionIdParamsSchema, sessionsEndedSchema } from "#core/schemas/sessions.ts";
import { sessionMessages } from "#core/settings-messages.ts";
import { session } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { recordAccessEvent } from "#server/features/audit/index.ts";
import { callerOf, forgetCaller, signedIn, type Viewer } from "#server/features/auth/index.ts";

export async function activeSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  /** Forgets the ended sessions' remembered callers and records who ended how many. */
  async function ended(request: FastifyRequest, viewer: Viewer, tokens: string[], id: string | null) {
    for (const token of tokens) forgetCaller(db, token);
    if (tokens.length === 0) return { ended: 0 };
    await recordAccessEvent(db, {
      actor: { userId: viewer.userId, email: viewer.email },
      action: "session.revoke",
      target: { type: "session", id },
      details: { ip: request.ip, device: deviceLabel(request.headers["user-agent"]), ended: tokens.length },
    });
    return { ended: tokens.length };
  }

  app.get(
    "/api/me/sessions",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "As sessões abertas de quem está conectado, a atual primeiro",
        response: { 200: activeSessionListSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const rows = await db
        .select()
        .from(session)
        .where(and(eq(session.userId, viewer.userId), gt(session.expiresAt, sql`now()`)))
        .orderBy(desc(session.updatedAt), desc(session.createdAt));
      const items = rows.map((row) => ({
        id: row.id,
        device: deviceLabel(row.userAgent),
        address: approximateAddress(row.ipAddress),
        signedInAt: row.createdAt.toISOString(),
        lastActiveAt: row.updatedAt.toISOString(),
        isCurrent: row.id === viewer.sessionId,
      }));
      return { items: items.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent)) };
    },
  );

  app.delete(
    "/api/me/sessions/:id",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "Encerra uma das próprias sessões; a de outra pessoa não existe para quem pede",
        params: sessionIdParamsSchema,
        response: { 200: sessionsEndedSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const deleted = await db
        .delete(session)
        .where(and(eq(session.id, request.params.id), eq(session.userId, viewer.userId)))
        .returning({ token: session.token });
      // Another person's session answers as an unknown one: its existence is not for the caller to learn.
      if (deleted.length === 0) throw new AppError("NOT_FOUND", sessionMessages.notFound);
      return ended(
        request,
        viewer,
        deleted.map((row) => row.token),
        request.params.id,
      );
    },
  );

  app.post(
    "/api/me/sessions/end-others",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "Encerra todas as sessões de quem está conectado, menos a atual",
        response: { 200: sessionsEndedSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const deleted = await db
        .delete(session)
        .where(and(eq(session.userId, viewer.userId), ne(session.id, viewer.sessionId)))
        .returning({ token: session.token });
      return ended(
        request,
        viewer,
        deleted.map((row) => row.token),
        null,
      );
    },
  );
}
