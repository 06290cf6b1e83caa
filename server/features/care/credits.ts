/**
 * The session-credit ledger (docs/decisions/025): the only source of a
 * member's balance, the sum of their entries in the current cycle. Callers
 * hold the member's profile row locked (lockMember) before reading the
 * balance and writing a hold, so concurrent bookings cannot overdraw it.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { CARE_TIME_ZONE, type CareCycle, cycleEnd, cycleStart, planCareDefaults } from "#core/care.ts";
import { type IsoDay, localDay } from "#core/dates.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { careSettings, companies, creditLedger, profiles } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

type CareRule = { sessionsPerCycle: number; cycle: CareCycle; lateCancelConsumes: boolean };
/** A change the admin made that waits for the end of the cycle in force: from `from`, a São Paulo day. */
type PendingCareRule = { sessionsPerCycle: number; cycle: CareCycle; from: IsoDay };
export type CareRuleAt = CareRule & { isPlanDefault: boolean; pending: PendingCareRule | null };

/**
 * The company's rule in force at `at` (docs/decisions/039), the one answer to that question: what the admin
 * set, or the plan's default, until a pending change's first day, and that change from then on (applied
 * lazily: the row keeps it as pending until the admin's next change folds it in). `pending` is a change
 * still ahead of `at`. The late-cancellation choice has no cycle: it holds from when it is saved.
 */
export async function careRuleOf(db: Db, companyId: string, at: Date): Promise<CareRuleAt> {
  const [row] = await db
    .select({ plan: companies.plan, settings: careSettings })
    .from(companies)
    .leftJoin(careSettings, eq(careSettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  if (!row) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
  const settings = row.settings;
  const lateCancelConsumes = settings?.lateCancelConsumes ?? false;
  const pending =
    settings?.nextFrom && settings.nextCycle && settings.nextSessionsPerCycle !== null
      ? { sessionsPerCycle: settings.nextSessionsPerCycle, cycle: settings.nextCycle, from: settings.nextFrom }
      : null;
  if (pending && localDay(at, CARE_TIME_ZONE) >= pending.from) {
    return {
      sessionsPerCycle: pending.sessionsPerCycle,
      cycle: pending.cycle,
      lateCancelConsumes,
      isPlanDefault: false,
      pending: null,
    };
  }
  if (settings?.cycle && settings.sessionsPerCycle !== null) {
    const { sessionsPerCycle, cycle } = settings;
    return { sessionsPerCycle, cycle, lateCancelConsumes, isPlanDefault: false, pending };
  }
  return { ...planCareDefaults[row.plan], lateCancelConsumes, isPlanDefault: true, pending };
}

/** Serialises everything that reads and writes one member's balance. */
export async function lockMember(tx: Db, memberId: string): Promise<{ paused: boolean }> {
  const [row] = await tx
    .select({ pausedAt: profiles.carePausedAt })
    .from(profiles)
    .where(eq(profiles.userId, memberId))
    .for("update");
  return { paused: Boolean(row?.pausedAt) };
}

async function sumOf(db: Db, memberId: string, companyId: string, start: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.memberId, memberId),
        eq(creditLedger.companyId, companyId),
        eq(creditLedger.cycleStart, start),
      ),
    );
  return row?.total ?? 0;
}

/**
 * The cycle's grant, written once (a unique index keeps it once); the daily
 * job of cycle-grants.ts writes it for everyone ahead, this is the fallback
 * for someone who joined since its last run. Dated by the caller's clock, so
 * /appointments counts it in the month it was given. Earlier
 * cycles' leftovers are expired on the way, since credits never roll over.
 */
async function ensureGrant(db: Db, memberId: string, companyId: string, at: Date) {
  const rule = await careRuleOf(db, companyId, at);
  const start = cycleStart(at, rule.cycle);
  await db
    .insert(creditLedger)
    .values({ memberId, companyId, cycleStart: start, kind: "grant", amount: rule.sessionsPerCycle, createdAt: at })
    .onConflictDoNothing();
  const earlier = await db
    .select({ cycleStart: creditLedger.cycleStart, total: sql<number>`sum(${creditLedger.amount})::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.memberId, memberId),
        eq(creditLedger.companyId, companyId),
        lt(creditLedger.cycleStart, start),
      ),
    )
    .groupBy(creditLedger.cycleStart)
    .having(sql`sum(${creditLedger.amount}) > 0`);
  for (const cycle of earlier) {
    await db
      .insert(creditLedger)
      .values({
        memberId,
        companyId,
        cycleStart: cycle.cycleStart,
        kind: "expire",
        amount: -cycle.total,
        createdAt: at,
      })
      .onConflictDoNothing();
  }
  return { rule, start };
}

export async function balanceOf(db: Db, memberId: string, companyId: string, at: Date) {
  const { rule, start } = await ensureGrant(db, memberId, companyId, at);
  const [grant] = await db
    .select({ amount: creditLedger.amount })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.memberId, memberId),
        eq(creditLedger.companyId, companyId),
        eq(creditLedger.cycleStart, start),
        eq(creditLedger.kind, "grant"),
      ),
    );
  return {
    available: await sumOf(db, memberId, companyId, start),
    granted: grant?.amount ?? 0,
    cycle: rule.cycle,
    cycleStart: start,
    cycleEnd: cycleEnd(start, rule.cycle),
    lateCancelConsumes: rule.lateCancelConsumes,
    paused: false,
  };
}

/** Takes one credit for a booking; the caller holds lockMember. */
export async function holdCredit(tx: Db, memberId: string, companyId: string, at: Date, appointmentId: string) {
  const balance = await balanceOf(tx, memberId, companyId, at);
  if (balance.available <= 0) throw new AppError("CONFLICT", serverMessages.noCredits);
  await tx
    .insert(creditLedger)
    .values({ memberId, companyId, cycleStart: balance.cycleStart, kind: "hold", amount: -1, appointmentId });
}

async function holdOf(tx: Db, appointmentId: string) {
  const [hold] = await tx
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.appointmentId, appointmentId), eq(creditLedger.kind, "hold")));
  return hold;
}

/** Gives the held credit back (a cancellation in time, or a late one the company does not charge). */
export async function releaseCredit(tx: Db, appointmentId: string) {
  const hold = await holdOf(tx, appointmentId);
  if (!hold) return;
  await tx.insert(creditLedger).values({
    memberId: hold.memberId,
    companyId: hold.companyId,
    cycleStart: hold.cycleStart,
    kind: "release",
    amount: 1,
    appointmentId,
  });
}

/** The held credit is used for good (the session was held, missed, or late-cancelled under a charging rule). */
export async function consumeCredit(tx: Db, appointmentId: string) {
  const hold = await holdOf(tx, appointmentId);
  if (!hold) return;
  await tx.insert(creditLedger).values({
    memberId: hold.memberId,
    companyId: hold.companyId,
    cycleStart: hold.cycleStart,
    kind: "consume",
    amount: 0,
    appointmentId,
  });
}
