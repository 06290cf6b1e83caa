/**
 * Invitations: a random token (only its SHA-256 is stored), single-use, 7
 * days. Creating one checks the plan limit with the company row locked, so
 * two managers inviting at once cannot pass it. The e-mail is not sent here:
 * the invite enqueues an `invite-mail` job in the same transaction, and that
 * job makes the token and sends it after the commit (invite-mail.ts), so a
 * slow mail server never holds the company's lock (docs/decisions/009).
 */
import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { planDetails } from "#core/plans.ts";
import { serverMessages } from "#core/server-messages.ts";
import { inviteCapMessage, planLimitMessage } from "#core/team-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, invites, jobs, profiles, rosterPeople, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { consume, type LimitRule } from "#server/features/auth/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";

/** How long an invitation holds, from the moment its e-mail is sent. */
export const INVITE_DAYS = 7;

/** The job that makes an invite's token and e-mails it (invite-mail.ts), keyed by the invite's id. */
export const INVITE_MAIL_JOB = "invite-mail";

/**
 * The pending, unexpired invites of these companies as the admin's and the manager's lists show them
 * (never the token hash), oldest first, with where their e-mail is: its job still running or retrying
 * ('sending'), given up ('failed'), or sent (finished, or an invite older than the job); an imported
 * invite kept for later ('Convidar depois', bulk-invites.ts) has neither a job nor a token: 'waiting'.
 */
const deliverySql = sql<"waiting" | "sending" | "sent" | "failed">`case
  when ${jobs.failedAt} is not null then 'failed'
  when ${jobs.id} is not null and ${jobs.finishedAt} is null then 'sending'
  when ${jobs.id} is null and ${invites.tokenHash} is null then 'waiting'
  else 'sent' end`;
const inviteMailJob = and(eq(jobs.name, INVITE_MAIL_JOB), eq(jobs.key, sql`${invites.id}::text`));
/** Not accepted and not expired: it holds a seat. */
export const isPending = and(isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`));
/** An invite of another company than `companyId` (or, for null, of any company: a psychologist's has none). */
export const heldByAnother = (companyId: string | null) => sql`${invites.companyId} is distinct from ${companyId}`;

function toPendingInvite({
  invite,
  delivery,
}: {
  invite: typeof invites.$inferSelect;
  delivery: "waiting" | "sending" | "sent" | "failed";
}) {
  return {
    companyId: invite.companyId,
    id: invite.id,
    name: invite.name,
    email: invite.email,
    // A company's invites are for members and managers; a psychologist's has no company and is listed elsewhere.
    role: invite.role === "manager" ? ("manager" as const) : ("user" as const),
    expiresAt: invite.expiresAt.toISOString(),
    delivery,
  };
}

/** One page of a company's pending invites, those whose name or e-mail match `where` (decision 054), and how many match. */
export async function pendingInvitesPage(
  db: Db,
  companyId: string,
  { where, limit, offset }: { where?: SQL; limit: number; offset: number },
) {
  const condition = and(eq(invites.companyId, companyId), isPending, where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ invite: invites, delivery: deliverySql })
      .from(invites)
      .leftJoin(jobs, inviteMailJob)
      .where(condition)
      // An import's invitations share one moment: by name within it, so a page reads in order.
      .orderBy(invites.createdAt, invites.name, invites.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(invites).where(condition),
  ]);
  const items = rows.map(toPendingInvite).map(({ companyId: _c, ...invite }) => invite);
  return { items, total: total?.n ?? 0 };
}

/** Per company: how many pending invites, and the pending manager's invite (the oldest), by one GROUP BY each. */
export async function pendingInviteSummaries(db: Db, companyIds: string[]) {
  if (companyIds.length === 0)
    return { counts: new Map<string, number>(), managers: new Map<string, { name: string; email: string }>() };
  const where = and(inArray(invites.companyId, companyIds), isPending);
  const [counts, managers] = await Promise.all([
    db
      .select({ companyId: invites.companyId, n: sql<number>`count(*)::int` })
      .from(invites)
      .where(where)
      .groupBy(invites.companyId),
    db
      .selectDistinctOn([invites.companyId], { companyId: invites.companyId, name: invites.name, email: invites.email })
      .from(invites)
      .where(and(where, eq(invites.role, "manager")))
      .orderBy(invites.companyId, invites.createdAt),
  ]);
  return {
    counts: new Map(counts.map((row) => [row.companyId ?? "", row.n])),
    managers: new Map(managers.map((row) => [row.companyId ?? "", { name: row.name, email: row.email }])),
  };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function inviteLink(appUrl: string, kind: "admin" | "team", token: string): string {
  return kind === "admin"
    ? `${appUrl}/confirm-account#access_token=${token}&type=invite`
    : `${appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
}

export type NewInvite = {
  companyId: string;
  name: string;
  email: string;
  role: "user" | "manager";
  kind: "admin" | "team";
  inviter: { userId: string; name: string };
};

/** Imported people with no e-mail to invite and no account yet (issue 33): each holds a seat. */
export async function awaitingActivation(db: Db, companyId: string): Promise<number> {
  const [awaiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rosterPeople)
    .where(
      and(
        eq(rosterPeople.companyId, companyId),
        isNull(rosterPeople.leftAt),
        isNull(rosterPeople.userId),
        isNull(rosterPeople.email),
      ),
    );
  return awaiting?.n ?? 0;
}

/**
 * Members plus pending, unexpired invites (other than one for `exceptEmail`), plus imported people
 * awaiting activation (no e-mail to invite, no account yet: issue 33).
 */
export async function seatsUsed(tx: Db, companyId: string, exceptEmail?: string): Promise<number> {
  const [members] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.companyId, companyId));
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(
      and(
        eq(invites.companyId, companyId),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, sql`now()`),
        exceptEmail ? ne(sql`lower(${invites.email})`, exceptEmail) : undefined,
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0) + (await awaitingActivation(tx, companyId));
}

/**
 * Invitations per company per hour and per address per day, whoever sends them (manager or admin):
 * every attempt counts, a resend or a cancelled invite included (docs/decisions/009 and 018). 30 an
 * hour is more than a person adds by hand and stops a spray of e-mails in Sereno's name.
 */
export const inviteLimits = {
  perCompany: { max: 30, windowSeconds: 60 * 60 },
  perAddress: { max: 5, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;

async function consumeAddressLimit(db: Db, email: string): Promise<void> {
  const result = await consume(db, `invite:address:${email}`, inviteLimits.perAddress);
  if (!result.allowed) {
    throw new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyInvites, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

async function consumeInviteLimits(db: Db, companyId: string, email: string): Promise<void> {
  const { max } = inviteLimits.perCompany;
  const result = await consume(db, `invite:company:${companyId}`, inviteLimits.perCompany);
  if (!result.allowed) {
    throw new AppError("TOO_MANY_REQUESTS", inviteCapMessage(max, result.retryAfterSeconds), {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
  await consumeAddressLimit(db, email);
}

/**
 * One pending invite per e-mail: sending again replaces the old one (and its token). The new invite
 * has no token yet; its `invite-mail` job, committed with it, makes one when it sends.
 */
async function replacePendingInvite(
  tx: Db,
  values: Omit<typeof invites.$inferInsert, "tokenHash" | "expiresAt">,
  now: Date,
) {
  // Another company's pending invite is theirs: refused, never replaced (issue 45, docs/decisions/058).
  const [held] = await tx
    .select({ id: invites.id })
    .from(invites)
    .where(and(eq(sql`lower(${invites.email})`, values.email), isPending, heldByAnother(values.companyId ?? null)))
    .limit(1);
  if (held) throw new AppError("CONFLICT", serverMessages.inviteHeldElsewhere);
  // What is left for this address is this company's own invite or an expired one.
  await tx.delete(invites).where(and(eq(sql`lower(${invites.email})`, values.email), isNull(invites.acceptedAt)));
  const [invite] = await tx
    .insert(invites)
    .values({ ...values, expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})` })
    .returning();
  if (!invite) throw new Error("invite insert returned nothing");
  await enqueueJob(tx, { name: INVITE_MAIL_JOB, key: invite.id, runAt: now, payload: { inviteId: invite.id } });
  return invite;
}

/**
 * Creates (or replaces) an invitation and enqueues its e-mail. The caller wakes the job runner once its
 * own transaction has committed (`app.deps.wakeJobs()`), so the mail leaves at once.
 */
export async function createInvite(db: Db, input: NewInvite, now: Date) {
  const email = input.email.trim().toLowerCase();
  await consumeInviteLimits(db, input.companyId, email);
  return db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, input.companyId)).for("update");
    if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);

    const [existing] = await tx
      .select({ companyId: profiles.companyId, role: profiles.role })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.email, email));
    // Someone of another company (or an admin) is answered like any new address, so a manager cannot
    // probe who uses Sereno elsewhere; accepting resolves it (docs/decisions/018).
    if (existing && existing.companyId === company.id) throw new AppError("CONFLICT", serverMessages.alreadyInYourTeam);

    const { memberLimit, label } = planDetails[company.plan];
    if ((await seatsUsed(tx, company.id, email)) >= memberLimit) {
      throw new AppError("CONFLICT", planLimitMessage(memberLimit, label));
    }

    const invite = await replacePendingInvite(
      tx,
      {
        email,
        name: input.name.trim(),
        companyId: company.id,
        role: input.role,
        kind: input.kind,
        invitedBy: input.inviter.userId,
        inviterName: input.inviter.name,
      },
      now,
    );
    return { invite, company };
  });
}

/** A pending, unexpired invite and its company, or null. */
export async function findPendingInvite(db: Db, token: string) {
  const [row] = await db
    .select({ invite: invites, companyName: sql<string>`coalesce(${companies.name}, 'Sereno')` })
    .from(invites)
    .leftJoin(companies, eq(companies.id, invites.companyId))
    .where(and(eq(invites.tokenHash, hashToken(token)), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)));
  return row ?? null;
}

/**
 * A psychologist's invitation (docs/decisions/025): no company and no seat,
 * the same token, expiry, single use, e-mail job and address limit as a company's.
 */
export async function createPsychologistInvite(
  tx: Db,
  input: { name: string; email: string; inviter: { userId: string; name: string } },
  now: Date,
) {
  const email = input.email.trim().toLowerCase();
  await consumeAddressLimit(tx, email);
  await replacePendingInvite(
    tx,
    {
      email,
      name: input.name.trim(),
      companyId: null,
      role: "psychologist",
      kind: "admin",
      invitedBy: input.inviter.userId,
      inviterName: input.inviter.name,
    },
    now,
  );
}
