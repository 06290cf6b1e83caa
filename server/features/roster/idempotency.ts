/**
 * Idempotency keys of the HR API (docs/decisions/044), as Stripe's: a call
 * sent again with the same `Idempotency-Key` and the same method, path and
 * body within 24 hours gets the first answer back without running again;
 * the same key with another body is refused (422), since it is almost
 * surely a client's bug. Only successful answers are kept: a refused call
 * may be retried as it is once the reason is gone (an import that was
 * running, a seat freed). The claim is a row inserted before the work, so
 * two concurrent calls with one key run it once.
 */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import { rosterApiRequests } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { apiKeyId, body }: { apiKeyId: string; body: string | Buffer },
  run: () => Promise<{ status: number; body: T }>,
): Promise<T> {
  const header = request.headers["idempotency-key"];
  if (header === undefined) {
    const answer = await run();
    reply.status(answer.status);
    return answer.body;
  }
  if (typeof header !== "string" || !KEY_PATTERN.test(header))
    throw new AppError("VALIDATION", rosterApiMessages.idempotencyKeyInvalid, { field: "Idempotency-Key" });
  const { db } = request.server.deps;
  const requestHash = createHash("sha256").update(`${request.method} ${request.url}\n`).update(body).digest("hex");
  const thisKey = and(eq(rosterApiRequests.apiKeyId, apiKeyId), eq(rosterApiRequests.idempotencyKey, header));
  // A key older than a day is free again; a claim whose call died (no answer after 5 minutes) too.
  await db
    .delete(rosterApiRequests)
    .where(
      and(
        thisKey,
        sql`(${rosterApiRequests.createdAt} < now() - interval '24 hours' or (${rosterApiRequests.status} is null and ${rosterApiRequests.createdAt} < now() - interval '5 minutes'))`,
      ),
    );
  const [claimed] = await db
    .insert(rosterApiRequests)
    .values({ apiKeyId, idempotencyKey: header, requestHash })
    .onConflictDoNothing()
    .returning({ apiKeyId: rosterApiRequests.apiKeyId });
  if (!claimed) {
    const [stored] = await db.select().from(rosterApiRequests).where(thisKey);
    if (stored && stored.requestHash !== requestHash)
      throw new AppError("IDEMPOTENCY_MISMATCH", rosterApiMessages.idempotencyMismatch);
    if (!stored || stored.status === null) throw new AppError("CONFLICT", rosterApiMessages.idempotencyRunning);
    reply.status(stored.status).header("idempotent-replayed", "true");
    return stored.response as T;
  }
  let answer: { status: number; body: T };
  try {
    answer = await run();
  } catch (error) {
    await db.delete(rosterApiRequests).where(thisKey);
    throw error;
  }
  await db
    .update(rosterApiRequests)
    .set({ status: answer.status, response: answer.body as unknown })
    .where(thisKey);
  reply.status(answer.status);
  return answer.body;
}
