/**
 * Taking people out of a company, the one rule used by /team, /admin and
 * company deletion: the profile is detached (their own history stays theirs;
 * managers go back to being members) and their sessions end at once.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { teamMessages } from "#core/team-messages.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, session } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

/** Detaches the profiles of a company that match `which`; call inside a transaction. Returns who was detached. */
export async function detachFromCompany(tx: Db, companyId: string, which?: SQL): Promise<string[]> {
  const detached = await tx
    .update(profiles)
    .set({
      companyId: null,
      role: sql`case when ${profiles.role} = 'manager' then 'user' else ${profiles.role} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(profiles.companyId, companyId), which))
    .returning({ userId: profiles.userId });
  const userIds = detached.map((row) => row.userId);
  if (userIds.length) await tx.delete(session).where(inArray(session.userId, userIds));
  return userIds;
}

export async function removeFromCompany(db: Db, companyId: string, userId: string): Promise<void> {
  await db.transaction(async (t) => {
    const removed = await detachFromCompany(t, companyId, eq(profiles.userId, userId));
    if (removed.length === 0) throw new AppError("NOT_FOUND", teamMessages.memberNotFound);
  });
}
