/**
 * A member's WHO-5 as stored: the consent in force (the latest event), the
 * answers and the 'Agora não'. Read by the member's own routes, the export and
 * the quarterly nudge; every query is scoped to one person (docs/decisions/078).
 */
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { who5Answers, who5ConsentEvents, who5Dismissals } from "#server/db/schema/index.ts";

export async function readWho5(db: Db, userId: string) {
  const [[consent], answers, [dismissal]] = await Promise.all([
    db
      .select({ kind: who5ConsentEvents.kind, version: who5ConsentEvents.version, at: who5ConsentEvents.at })
      .from(who5ConsentEvents)
      .where(eq(who5ConsentEvents.userId, userId))
      .orderBy(desc(who5ConsentEvents.at), desc(who5ConsentEvents.id))
      .limit(1),
    db.select().from(who5Answers).where(eq(who5Answers.userId, userId)).orderBy(asc(who5Answers.answeredAt)),
    db.select({ until: who5Dismissals.until }).from(who5Dismissals).where(eq(who5Dismissals.userId, userId)),
  ]);
  return { consent: consent ?? null, answers, dismissedUntil: dismissal?.until ?? null };
}

export const itemsOf = (answer: typeof who5Answers.$inferSelect) => [
  answer.item1,
  answer.item2,
  answer.item3,
  answer.item4,
  answer.item5,
];
