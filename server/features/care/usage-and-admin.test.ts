/**
 * What a company and the admin see of care (docs/decisions/025, 040): per closed São Paulo month, how
 * many of the company's own people had a session held, through the disclosure layer (keyed noise on the
 * count, shown or hidden on the noisy count, all hidden in a company smaller than the minimum group, only
 * people who were members when the month began); the admin's tools refusing bad input in pt-BR with
 * nothing changed; and the warnings of the daily verification sweep.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careTexts } from "#core/care-messages.ts";
import { countMargin, figurePolicies, isShown } from "#core/disclosure.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import {
  appointments,
  auditLog,
  careSettings,
  companies,
  companyMemberships,
  creditLedger,
  invites,
  profiles,
  psychologists,
} from "#server/db/schema/index.ts";
import { sweepVerifications } from "#server/features/care/verification-warning.ts";
import { discreteLaplace } from "#server/features/disclosure/noise.ts";
import { runCareJobs, sp } from "#tests/api/care-calls.ts";
import { companyWithManager, createPerson, fillSeats, signedInPerson, TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

// Sunday 22 November 2026: the closed months are May to October.
const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
let a: Awaited<ReturnType<typeof companyWithManager>>;
let psychologistId: string;
const companyB = randomUUID();
const companyC = randomUUID();

async function seats(companyId: string, count: number) {
  await fillSeats(t.db, companyId, count);
  const rows = await t.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.role, "user")));
  return rows.map((row) => row.id);
}

/** A session with the one fixture psychologist: each at its own start (one booking per slot). */
async function session(
  companyId: string,
  memberId: string,
  startsAt: string,
  status: "booked" | "held" | "no_show" | "cancelled",
) {
  const start = new Date(startsAt);
  await t.db.insert(appointments).values({
    psychologistId,
    memberId,
    companyId,
    startsAt: start,
    endsAt: new Date(start.getTime() + 50 * 60_000),
    status,
  });
}

async function ledger(companyId: string, memberId: string, kind: "grant" | "consume" | "release", createdAt: string) {
  const at = new Date(createdAt);
  const cycleStart = `${createdAt.slice(0, 7)}-01`;
  await t.db.insert(creditLedger).values({
    memberId,
    companyId,
    cycleStart,
    kind,
    amount: kind === "grant" ? 4 : kind === "release" ? 1 : 0,
    createdAt: at,
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PRIVACY_MIN_GROUP: "3" } });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  a = await companyWithManager(t.app, t.db);
  const [psychologist] = await t.db
    .insert(psychologists)
    .values({
      email: "fixture@exemplo.com.br",
      fullName: "Psicóloga Fixture",
      crpNumber: "06/111111",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-10",
      status: "verified",
      verifiedAt: TEST_EPOCH,
    })
    .returning();
  psychologistId = psychologist?.id ?? "";
  await t.db.insert(companies).values([
    { id: companyB, name: "Empresa B", plan: "essencial", createdAt: TEST_EPOCH },
    { id: companyC, name: "Empresa C", plan: "essencial", createdAt: TEST_EPOCH },
  ]);

  // Company A: the manager and five members, six people.
  const [s0, s1, s2, s3, s4] = (await seats(a.company.id, 5)) as [string, string, string, string, string];
  const A = a.company.id;
  for (const person of [a.manager.userId, s0, s1, s2, s3, s4]) {
    await ledger(A, person, "grant", "2026-09-01T03:30:00.000Z");
    await ledger(A, person, "grant", "2026-10-01T03:30:00.000Z");
  }
  // October: four sessions held by three people (one at 23:30 on the 31st in São Paulo, already November in UTC).
  await session(A, s0, "2026-10-05T13:00:00.000Z", "held");
  await session(A, s0, "2026-10-12T13:00:00.000Z", "held");
  await session(A, s1, "2026-10-06T13:00:00.000Z", "held");
  await session(A, s2, "2026-11-01T02:30:00.000Z", "held");
  await session(A, s3, "2026-10-07T13:00:00.000Z", "no_show");
  await session(A, s4, "2026-10-08T13:00:00.000Z", "cancelled");
  for (const [person, at] of [
    [s0, "2026-10-05T14:00:00.000Z"],
    [s0, "2026-10-12T14:00:00.000Z"],
    [s1, "2026-10-06T14:00:00.000Z"],
    [s3, "2026-10-07T14:00:00.000Z"],
  ] as const) {
    await ledger(A, person, "consume", at);
  }
  await ledger(A, s4, "release", "2026-10-07T14:00:00.000Z");
  // September: two people (one at 23:00 on the 30th in São Paulo, already October in UTC).
  await session(A, s1, "2026-09-15T13:00:00.000Z", "held");
  await session(A, s0, "2026-10-01T02:00:00.000Z", "held");
  await ledger(A, s1, "consume", "2026-09-15T14:00:00.000Z");
  // November, the month under way, and one booked ahead.
  for (const [i, person] of [s0, s1, s2].entries()) await session(A, person, `2026-11-1${i}T13:00:00.000Z`, "held");
  await session(A, s3, "2026-11-30T13:00:00.000Z", "booked");

  // Company B's October, enough to change A's figures if it leaked into them.
  for (const [i, person] of (await seats(companyB, 3)).entries()) {
    await session(companyB, person, `2026-10-2${i}T16:00:00.000Z`, "held");
    await ledger(companyB, person, "consume", "2026-10-20T14:00:00.000Z");
  }
  // Company C: three people used care in October, but one joined on 10 October: two members when the month
  // began, below the minimum group, and the late one is not counted at all.
  const inC = await seats(companyC, 3);
  for (const [i, person] of inC.entries()) {
    await ledger(companyC, person, "grant", "2026-10-01T03:30:00.000Z");
    await session(companyC, person, `2026-10-2${i}T18:00:00.000Z`, "held");
    await ledger(companyC, person, "consume", "2026-10-21T14:00:00.000Z");
  }
  await t.db
    .update(companyMemberships)
    .set({ joinedAt: new Date("2026-10-10T12:00:00.000Z") })
    .where(eq(companyMemberships.userId, inC[0] as string));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type UsageMonth = { month: string; shown: boolean; people: number | null; margin: number; members: number };

/**
 * What the layer must have released for a company's month with `people` behind it: the keyed draw is
 * recomputed here from the app's key, so the test checks the true count that went in, exactly.
 */
function released(companyId: string, month: string, people: number, members: number): UsageMonth {
  const noise = discreteLaplace(t.app.deps.privacyKey, `${companyId}|careMonth|${month}|count`, 0.3, 1);
  const noisy = Math.max(0, people + noise);
  const shown = people > 0 && isShown(noisy, 3) && members >= 3;
  return { month, shown, people: shown ? noisy : null, margin: countMargin(figurePolicies.careMonth), members };
}

describe("care usage for a company", () => {
  it("counts, per closed São Paulo month, the people of its own who had a session held, once each, with keyed noise", async () => {
    const A = a.company.id;
    const expected = {
      minGroup: 3,
      months: [
        ...["2026-05", "2026-06", "2026-07", "2026-08"].map((month) => released(A, month, 0, 6)),
        // September: two people (s1, and s0 at 23:00 on the 30th in São Paulo).
        released(A, "2026-09", 2, 6),
        // October: three people (s0 twice, s1, s2 at 23:30 on the 31st); a no-show and a cancellation are not care.
        released(A, "2026-10", 3, 6),
      ],
    };
    const byManager = await a.manager.as({ url: "/api/care/usage" });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toEqual(expected);
    expect((await admin.as({ url: `/api/care/usage?companyId=${A}` })).json()).toEqual(expected);
    // Nothing but the month, the noisy count, its margin and the members: no sessions, credits or no-shows.
    expect(Object.keys(byManager.json().months[5]).sort()).toEqual(["margin", "members", "month", "people", "shown"]);
    expect(countMargin(figurePolicies.careMonth)).toBe(8);
  });

  it("is released once: a session marked afterwards changes nothing, and the months without anyone stay hidden", async () => {
    const before = (await a.manager.as({ url: "/api/care/usage" })).json();
    // The manager marks a fourth person's October session as held after October was released.
    await session(a.company.id, a.manager.userId, "2026-10-20T13:00:00.000Z", "held");
    const october = await t.db
      .selectDistinct({ memberId: appointments.memberId })
      .from(appointments)
      .where(
        and(
          eq(appointments.companyId, a.company.id),
          eq(appointments.status, "held"),
          sql`${appointments.startsAt} >= '2026-10-01T03:00:00Z' and ${appointments.startsAt} < '2026-11-01T03:00:00Z'`,
        ),
      );
    expect(october).toHaveLength(4);
    expect((await a.manager.as({ url: "/api/care/usage" })).json()).toEqual(before);
    for (const month of before.months.slice(0, 4)) expect(month).toMatchObject({ shown: false, people: null });
  });

  it("does not count an account that joined after the month began, and hides a month the company began below the minimum group", async () => {
    const october = (await admin.as({ url: `/api/care/usage?companyId=${companyC}` }))
      .json()
      .months.find((month: UsageMonth) => month.month === "2026-10");
    expect(october).toEqual({ ...released(companyC, "2026-10", 2, 2), shown: false, people: null });
    expect(october.members).toBe(2);
  });

  it("is the manager's own company's only, and the admin names one that exists", async () => {
    const other = await a.manager.as({ url: `/api/care/usage?companyId=${companyB}` });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(serverMessages.forbidden);
    const unnamed = await admin.as({ url: "/api/care/usage" });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toBe(messages.companyIdMissing);
    const unknown = await admin.as({ url: `/api/care/usage?companyId=${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(serverMessages.companyNotFound);
  });

  it("gives the admin the psychologists by status and no count of appointments", async () => {
    const summary = (await admin.as({ url: "/api/admin/care/summary" })).json();
    expect(summary).toEqual({ psychologists: { pending: 0, verified: 1, suspended: 0 } });
  });
});

describe("the admin's care tools", () => {
  const profile = {
    fullName: "Psicóloga Duplicada",
    email: "Duplicada@Exemplo.com.br",
    crpNumber: "06/222222",
    crpUf: "SP",
    epsiConfirmedOn: "2026-01-10",
  };

  it("refuse a second psychologist with the same e-mail in any case, leaving one profile and one invitation", async () => {
    expect((await admin.as({ method: "POST", url: "/api/admin/psychologists", payload: profile })).statusCode).toBe(
      201,
    );
    const again = await admin.as({
      method: "POST",
      url: "/api/admin/psychologists",
      payload: { ...profile, fullName: "Outra Pessoa", email: "  duplicada@exemplo.com.br " },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(serverMessages.psychologistExists);
    const rows = await t.db
      .select()
      .from(psychologists)
      .where(eq(sql`lower(${psychologists.email})`, "duplicada@exemplo.com.br"));
    expect(rows.map((row) => row.fullName)).toEqual(["Psicóloga Duplicada"]);
    const sent = await t.db.select().from(invites).where(eq(invites.email, "duplicada@exemplo.com.br"));
    expect(sent).toHaveLength(1);
  });

  it("verify for 12 months and suspend a known psychologist, with an audit entry, and refuse unknown ones in pt-BR", async () => {
    const [row] = await t.db
      .select()
      .from(psychologists)
      .where(eq(sql`lower(${psychologists.email})`, "duplicada@exemplo.com.br"));
    const id = row?.id as string;
    for (const action of ["verify", "suspend"]) {
      const unknown = await admin.as({ method: "POST", url: `/api/admin/psychologists/${randomUUID()}/${action}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(careTexts.psychologistNotFound);
      const malformed = await admin.as({ method: "POST", url: `/api/admin/psychologists/psi-1/${action}` });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe(careTexts.psychologistNotFound);
    }
    const verified = (await admin.as({ method: "POST", url: `/api/admin/psychologists/${id}/verify` })).json();
    expect(verified).toMatchObject({
      status: "verified",
      verifiedAt: "2026-11-22T15:00:00.000Z",
      verificationExpiresAt: "2027-11-22T15:00:00.000Z",
      hasAccount: false,
    });
    const suspended = (await admin.as({ method: "POST", url: `/api/admin/psychologists/${id}/suspend` })).json();
    expect(suspended).toMatchObject({ status: "suspended", verifiedAt: "2026-11-22T15:00:00.000Z" });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((entry) => [entry.action, entry.actorEmail]).sort()).toEqual([
      ["psychologist.invite", admin.email],
      ["psychologist.suspend", admin.email],
      ["psychologist.verify", admin.email],
    ]);
  });

  it("keep a company's care rule when the input is bad, and say whether it is the plan's default", async () => {
    const url = `/api/admin/companies/${a.company.id}/care`;
    const planDefault = {
      sessionsPerCycle: 2,
      cycle: "month",
      lateCancelConsumes: false,
      isPlanDefault: true,
      cycleStart: "2026-11-01",
      cycleEnd: "2026-12-01",
      pending: null,
    };
    expect((await admin.as({ url })).json()).toEqual(planDefault);
    const good = { sessionsPerCycle: 6, cycle: "quarter", lateCancelConsumes: true };
    for (const payload of [
      { ...good, sessionsPerCycle: 101 },
      { ...good, sessionsPerCycle: -1 },
      { ...good, sessionsPerCycle: 2.5 },
      { ...good, sessionsPerCycle: "6" },
    ]) {
      const response = await admin.as({ method: "PUT", url, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(careTexts.careSettingsInvalid);
    }
    for (const payload of [
      { ...good, cycle: "semana" },
      { sessionsPerCycle: 6, cycle: "month" },
      { ...good, plan: "prime" },
    ]) {
      expect((await admin.as({ method: "PUT", url, payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await admin.as({ url })).json()).toEqual(planDefault);
    const unknown = await admin.as({ method: "PUT", url: `/api/admin/companies/${randomUUID()}/care`, payload: good });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(serverMessages.companyNotFound);
    expect(await t.db.select().from(careSettings)).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "care.settings"))).toEqual([]);

    // The sessions and the cycle wait for the end of the cycle in force (docs/decisions/039): November stays the
    // plan's, December too (a quarter starts in January); the late-cancellation choice holds at once.
    const saved = {
      ...planDefault,
      lateCancelConsumes: true,
      pending: { sessionsPerCycle: 6, cycle: "quarter", from: "2027-01-01" },
    };
    expect((await admin.as({ method: "PUT", url, payload: good })).json()).toEqual(saved);
    expect((await admin.as({ url })).json()).toEqual(saved);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "care.settings"));
    expect(entry).toMatchObject({ companyId: a.company.id, details: { ...good, from: "2027-01-01" } });
  });
});

describe("verification warnings", () => {
  it("tell every admin once in a verification's last 30 days, not before, not after, not once suspended, and anew after renewal", async () => {
    const otherAdmin = await createPerson(t.db, { role: "admin" });
    const invite = async (fullName: string) => {
      const email = `${fullName.split(" ")[0]?.toLowerCase()}-${Date.now()}@exemplo.com.br`;
      const payload = { fullName, email, crpNumber: "05/987654", crpUf: "RJ", epsiConfirmedOn: "2026-01-10" };
      const id = (await admin.as({ method: "POST", url: "/api/admin/psychologists", payload })).json().id as string;
      await admin.as({ method: "POST", url: `/api/admin/psychologists/${id}/verify` });
      return id;
    };
    // Both verified on 22/11/2026 at 12:00 in São Paulo: they expire on 22/11/2027, warned from 23/10/2027.
    const helena = await invite("Helena Prado");
    const irene = await invite("Irene Castro");
    const warnFrom = new Date(sp("2027-10-23", "12:00"));
    expect(await sweepVerifications(t.db, new Date(warnFrom.getTime() - 60_000))).toEqual({ enqueued: 0 });
    expect(await sweepVerifications(t.db, warnFrom)).toEqual({ enqueued: 2 });
    expect(await sweepVerifications(t.db, new Date(warnFrom.getTime() + 86_400_000))).toEqual({ enqueued: 0 });
    // Suspended after the sweep, before the runner: no warning about a psychologist already out.
    await admin.as({ method: "POST", url: `/api/admin/psychologists/${irene}/suspend` });
    await runCareJobs(t, warnFrom);
    await runCareJobs(t, new Date(warnFrom.getTime() + 86_400_000));
    const warnings = () => t.mails.filter((mail) => mail.subject.startsWith("Verificação"));
    expect(
      warnings()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([admin.email, otherAdmin.email].sort());
    for (const mail of warnings()) {
      expect(mail.subject).toBe("Verificação de Helena Prado vence em 22/11/2027");
      expect(mail.text).not.toContain("Irene");
    }
    expect(await sweepVerifications(t.db, new Date(sp("2027-11-22", "12:00")))).toEqual({ enqueued: 0 });

    // Renewed on 01/11/2027: a new verification, so a new warning a year on.
    clock.set(sp("2027-11-01", "12:00"));
    await admin.as({ method: "POST", url: `/api/admin/psychologists/${helena}/verify` });
    clock.set("2026-11-22T12:00:00-03:00");
    const nextWarning = new Date(sp("2028-10-15", "12:00"));
    expect(await sweepVerifications(t.db, nextWarning)).toEqual({ enqueued: 1 });
    await runCareJobs(t, nextWarning);
    expect(warnings()).toHaveLength(4);
    expect(
      warnings()
        .slice(2)
        .map((mail) => mail.subject),
    ).toEqual(Array(2).fill("Verificação de Helena Prado vence em 01/11/2028"));
  });
});
