/** Taking a person out of a company: detach the profile and end their sessions at once. */
import { and, eq, sql } from "drizzle-orm";
import { messages } from "#core/messages.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, session } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

export async function removeFromCompany(
  db: Db,
  companyId: string,
  userId: string,
): Promise<{ name: string; role: string }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [removed] = await tx
      .update(profiles)
      // Their own history stays theirs; managers go back to being members.
      .set({
        companyId: null,
        role: sql`case when ${profiles.role} = 'manager' then 'user' else ${profiles.role} end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(profiles.userId, userId), eq(profiles.companyId, companyId)))
      .returning({ name: profiles.name, role: profiles.role });
    if (!removed) throw new AppError("NOT_FOUND", messages.memberNotFound);
    await tx.delete(session).where(eq(session.userId, userId));
    return removed;
  });
}
