/**
 * Invitations by the thousand, for 'Importar pessoas' (issue 33, issue 45): written with the import, and
 * either e-mailed at once or kept for later ('Convidar depois', docs/decisions/058) until the manager
 * sends them, in batches the job runner works through.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { invites, jobs } from "#server/db/schema/index.ts";
import { enqueueJobs } from "#server/jobs/runner.ts";
import { heldByAnother, INVITE_DAYS, INVITE_MAIL_JOB, isPending } from "./invites.ts";

/**
 * How long an invitation kept for later holds its seat unsent: long enough for an HR team to check the
 * roster first; after that it expires like any other and the seat is free again.
 */
const WAITING_INVITE_DAYS = 30;

/** E-mails a minute when the waiting invitations go: the runner takes them a batch per minute, not 2,000 at once. */
export const INVITES_PER_MINUTE = 200;

/**
 * Many members' invitations at once: the same rows and `invite-mail` jobs as `createInvite`, one pending
 * invite per address (an older one of this company is replaced; another company's is left alone and the
 * address gets none here), in the caller's transaction. No hourly cap (decision 009: an import is one
 * action with its own limits) and no per-row lock: the import checked the plan's seats in its preview
 * and again before it runs. `later`: no e-mail job, the invite waits for `sendWaitingInvites`.
 */
export async function insertInvitesInBulk(
  tx: Db,
  input: {
    companyId: string;
    inviter: { userId: string | null; name: string };
    people: { name: string; email: string }[];
    later?: boolean;
  },
  now: Date,
): Promise<number> {
  const all = input.people.map((person) => ({ name: person.name.trim(), email: person.email.trim().toLowerCase() }));
  if (all.length === 0) return 0;
  const held = await tx
    .select({ email: sql<string>`lower(${invites.email})` })
    .from(invites)
    .where(
      and(
        inArray(
          sql`lower(${invites.email})`,
          all.map((person) => person.email),
        ),
        isPending,
        heldByAnother(input.companyId),
      ),
    );
  const heldEmails = new Set(held.map((row) => row.email));
  const people = all.filter((person) => !heldEmails.has(person.email));
  if (people.length === 0) return 0;
  const emails = people.map((person) => person.email);
  await tx.delete(invites).where(and(inArray(sql`lower(${invites.email})`, emails), isNull(invites.acceptedAt)));
  const days = input.later ? WAITING_INVITE_DAYS : INVITE_DAYS;
  const created = await tx
    .insert(invites)
    .values(
      people.map((person) => ({
        email: person.email,
        name: person.name,
        companyId: input.companyId,
        role: "user" as const,
        kind: "team" as const,
        invitedBy: input.inviter.userId,
        inviterName: input.inviter.name,
        expiresAt: sql`now() + make_interval(days => ${days})`,
      })),
    )
    .returning({ id: invites.id });
  if (!input.later) {
    await tx
      .insert(jobs)
      .values(
        created.map((invite) => ({
          name: INVITE_MAIL_JOB,
          key: invite.id,
          runAt: now,
          payload: { inviteId: invite.id },
        })),
      )
      .onConflictDoNothing();
  }
  return created.length;
}

/** A company's invitations kept for later: pending, never given a token nor an e-mail job. */
const isWaiting = (companyId: string) =>
  and(
    eq(invites.companyId, companyId),
    isPending,
    isNull(invites.tokenHash),
    sql`not exists (select 1 from ${jobs} where ${jobs.name} = ${INVITE_MAIL_JOB} and ${jobs.key} = ${invites.id}::text)`,
  );

/**
 * Sends a company's waiting invitations: each gets its 7 days from now and its `invite-mail` job, the
 * jobs spread a minute apart per INVITES_PER_MINUTE so the mail server and the runner take them in
 * batches. The caller rings the job bell after the commit. How many were sent.
 */
export async function sendWaitingInvites(db: Db, companyId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const sent = await tx
      .update(invites)
      .set({ expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})` })
      .where(isWaiting(companyId))
      .returning({ id: invites.id });
    await enqueueJobs(
      tx,
      sent.map((invite, index) => ({
        name: INVITE_MAIL_JOB,
        key: invite.id,
        runAt: new Date(now.getTime() + Math.floor(index / INVITES_PER_MINUTE) * 60_000),
        payload: { inviteId: invite.id },
      })),
    );
    return sent.length;
  });
}

export async function countWaitingInvites(db: Db, companyId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(invites).where(isWaiting(companyId));
  return row?.n ?? 0;
}
