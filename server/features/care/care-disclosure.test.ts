/**
 * Care leaks no one's acts to the company (issue 32, docs/decisions/025 and 040). A manager, an admin and
 * another member read every care figure they can around one person's booking, cancellation, a session held
 * and one missed: nothing they read moves. The closed month's figure is a noisy count of people: a manager
 * with four accounts of his own (whose use he knows) guesses whether the fifth person went no better than a
 * slightly loaded coin. An account added during a month is not in that month.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isShown } from "#core/disclosure.ts";
import { serverMessages } from "#core/server-messages.ts";
import { appointments, companies, companyMemberships, profiles, psychologists } from "#server/db/schema/index.ts";
import { discreteLaplace } from "#server/features/disclosure/noise.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { book, cancel, slotsOn, sp } from "#tests/api/care-calls.ts";
import { companyWithManager, fillSeats, signedInPerson, TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

// Sunday 22 November 2026, noon in São Paulo: the closed months are May to October.
const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type As = Awaited<ReturnType<typeof signedInPerson>>["as"];
type Snapshot = Record<string, unknown>;

async function snapshot(reads: [string, As, string][]): Promise<Snapshot> {
  const replies: Snapshot = {};
  for (const [who, as, url] of reads) {
    const reply = await as({ url });
    replies[`${who} GET ${url}`] = { status: reply.statusCode, body: reply.json() };
  }
  return replies;
}

describe("one person's care, seen by the company", () => {
  it("moves nothing a manager, an admin or another member reads when she books, cancels, attends or misses", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    await fillSeats(t.db, company.id, 4);
    const target = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Pessoa Alvo" });
    const colleague = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Colega Curiosa" });
    const psi = await verifiedPsychologist(t, admin.as);
    const q = `companyId=${company.id}`;
    const memberViews = [
      "/api/care/psychologists",
      `/api/care/psychologists/${psi.id}`,
      "/api/care/credits",
      "/api/care/appointments",
      "/api/care/threads",
      "/api/care/contact",
    ];
    const reads: [string, As, string][] = [
      ["manager", manager.as, "/api/care/usage"],
      ...memberViews.map((url): [string, As, string] => ["manager", manager.as, url]),
      ["admin", admin.as, `/api/care/usage?${q}`],
      ["admin", admin.as, "/api/admin/care/summary"],
      ["admin", admin.as, "/api/admin/psychologists"],
      ["admin", admin.as, `/api/admin/companies/${company.id}/care`],
      ["admin", admin.as, "/api/admin/jobs"],
      ...memberViews.map((url): [string, As, string] => ["colleague", colleague.as, url]),
    ];
    const slotsOf = async () =>
      ((await colleague.as({ url: `/api/care/psychologists/${psi.id}` })).json().slots as { startsAt: string }[]).map(
        (slot) => slot.startsAt,
      );

    const before = await snapshot(reads);
    const freeBefore = await slotsOf();

    // She books a session on Tuesday (more than 24 h ahead), then cancels it: the credit comes back.
    // Nothing moves the day she books, her slot included: others still see it offered until tomorrow.
    const first = await book(target.as, psi.id, sp("2026-11-24", "10:00"));
    expect(first.statusCode).toBe(201);
    expect(await snapshot(reads)).toEqual(before);
    expect(await slotsOf()).toEqual(freeBefore);
    // A colleague who picks it is told it was just taken; her own list no longer offers it.
    const late = await book(colleague.as, psi.id, sp("2026-11-24", "10:00"));
    expect([late.statusCode, late.json().error.message]).toEqual([409, serverMessages.slotTaken]);
    expect(await slotsOn(target.as, psi.id, "2026-11-24")).not.toContain(sp("2026-11-24", "10:00"));
    // The next day the time is no longer offered to anyone: someone on the platform booked it, a day ago.
    clock.set("2026-11-23T00:30:00-03:00");
    expect(await slotsOf()).toContain(sp("2026-11-24", "09:00"));
    expect(await slotsOf()).not.toContain(sp("2026-11-24", "10:00"));
    clock.set("2026-11-22T12:00:00-03:00");
    expect((await cancel(target.as, first.json().id)).statusCode).toBe(200);
    expect(await snapshot(reads)).toEqual(before);

    // She books two sessions on Monday morning; at 11:00 one was held and she missed the other.
    const held = await book(target.as, psi.id, sp("2026-11-23", "09:00"));
    const missed = await book(target.as, psi.id, sp("2026-11-23", "10:00"));
    expect([held.statusCode, missed.statusCode]).toEqual([201, 201]);
    expect(await snapshot(reads)).toEqual(before);
    clock.set("2026-11-23T11:00:00-03:00");
    try {
      const beforeMarks = await snapshot(reads);
      const mark = (id: string, outcome: "held" | "no_show") =>
        psi.as({ method: "POST", url: `/api/care/agenda/${id}/mark`, payload: { outcome } });
      expect((await mark(held.json().id, "held")).statusCode).toBe(200);
      expect(await snapshot(reads)).toEqual(beforeMarks);
      expect((await mark(missed.json().id, "no_show")).statusCode).toBe(200);
      expect(await snapshot(reads)).toEqual(beforeMarks);
    } finally {
      clock.set("2026-11-22T12:00:00-03:00");
    }
  }, 120_000);
});

describe("the closed month's figure against a manager with four accounts", () => {
  const COMPANIES = 200;
  const KNOWN = 4;
  const companyIds = Array.from(
    { length: COMPANIES },
    (_, i) => `c0a3e000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
  );
  const months = ["2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10"];
  /** Whether the target went in a company's month: half the trials, in an order the draws know nothing of. */
  const went = (company: number, month: number) => ((company * 7 + month * 3 + (company >> 2)) & 1) === 1;

  it("lets him guess whether the fifth person had a session in at most 60 % of 1,200 company-months", async () => {
    const [fixture] = await t.db
      .insert(psychologists)
      .values({
        email: "ataque@exemplo.com.br",
        fullName: "Psicóloga Ataque",
        crpNumber: "06/333333",
        crpUf: "SP",
        epsiConfirmedOn: "2026-01-10",
        status: "verified",
        verifiedAt: TEST_EPOCH,
      })
      .returning();
    const psychologistId = fixture?.id ?? "";
    for (const [c, companyId] of companyIds.entries()) {
      await t.db
        .insert(companies)
        .values({ id: companyId, name: `Ataque ${c}`, plan: "essencial", createdAt: TEST_EPOCH });
      // The manager's four accounts and the target: five people, members since January.
      await fillSeats(t.db, companyId, KNOWN + 1);
      const people = (
        await t.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.companyId, companyId))
      ).map((row) => row.id);
      const [targetId, ...controlled] = people as [string, ...string[]];
      const rows: (typeof appointments.$inferInsert)[] = [];
      for (const [m, month] of months.entries()) {
        const attendees = went(c, m) ? [targetId, ...controlled] : controlled;
        for (const [p, memberId] of attendees.entries()) {
          // Each session at its own hour of the month (one booking per slot of the one psychologist).
          const startsAt = new Date(Date.parse(`${month}-02T12:00:00Z`) + (c * 5 + p) * 2_400_000);
          rows.push({
            psychologistId,
            memberId,
            companyId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 50 * 60_000),
            status: "held",
          });
        }
      }
      await t.db.insert(appointments).values(rows);
    }

    type Trial = { went: boolean; shown: boolean; people: number | null };
    const trials: Trial[] = [];
    for (const [c, companyId] of companyIds.entries()) {
      const usage = (await admin.as({ url: `/api/care/usage?companyId=${companyId}` })).json() as {
        months: { month: string; shown: boolean; people: number | null }[];
      };
      expect(usage.months.map((row) => row.month)).toEqual(months);
      for (const [m, row] of usage.months.entries())
        trials.push({ went: went(c, m), shown: row.shown, people: row.people });
    }
    expect(trials).toHaveLength(1200);
    expect(trials.filter((trial) => trial.went)).toHaveLength(600);

    // Every rule of his: a threshold on the shown count, and either guess for a hidden row; he keeps the best.
    let best = 0;
    for (let threshold = -20; threshold <= 30; threshold++) {
      for (const hiddenMeansWent of [false, true]) {
        const right = trials.filter(
          (trial) => (trial.shown ? (trial.people ?? 0) >= threshold : hiddenMeansWent) === trial.went,
        ).length;
        best = Math.max(best, right / trials.length);
      }
    }
    // ε = 0,3 on the count bounds any rule at e^0,3 / (1 + e^0,3) ≈ 57 % on average.
    const naive = trials.filter((trial) => (trial.shown && (trial.people ?? 0) >= KNOWN + 0.5) === trial.went).length;
    const shown = trials.filter((trial) => trial.shown).length;
    console.info(
      `care usage attack: best rule right in ${(best * 100).toFixed(1)} % of ${trials.length} trials; ` +
        `'shown and ≥ ${KNOWN + 0.5}' in ${((naive / trials.length) * 100).toFixed(1)} %; ` +
        `${((shown / trials.length) * 100).toFixed(1)} % of months shown`,
    );
    expect(best).toBeLessThanOrEqual(0.6);
    // Not a figure that says nothing: with four or five people and k = 5, about half the months show.
    expect(trials.filter((trial) => trial.shown).length).toBeGreaterThan(0);
  }, 600_000);
});

describe("accounts added during a month", () => {
  /** A company of the manager and two, plus forty accounts that joined on `joinedAt`, each with a session in October. */
  async function companyWithForty(joinedAt: Date, id?: string) {
    const { company, manager } = await companyWithManager(t.app, t.db, { id });
    await fillSeats(t.db, company.id, 2);
    const memberIds = async () =>
      new Set(
        (await t.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.companyId, company.id))).map(
          (row) => row.id,
        ),
      );
    const earlier = await memberIds();
    await fillSeats(t.db, company.id, 40);
    const added = [...(await memberIds())].filter((id) => !earlier.has(id));
    expect(added).toHaveLength(40);
    for (const userId of added) {
      await t.db.update(companyMemberships).set({ joinedAt }).where(eq(companyMemberships.userId, userId));
    }
    const [fixture] = await t.db
      .insert(psychologists)
      .values({
        email: `sybil-${joinedAt.getTime()}@exemplo.com.br`,
        fullName: "Psicóloga Sybil",
        crpNumber: "06/444444",
        crpUf: "SP",
        epsiConfirmedOn: "2026-01-10",
        status: "verified",
        verifiedAt: TEST_EPOCH,
      })
      .returning();
    const base = Date.parse("2026-10-10T10:00:00Z");
    await t.db.insert(appointments).values(
      added.map((memberId, i) => {
        const startsAt = new Date(base + i * 3_600_000);
        return {
          psychologistId: fixture?.id ?? "",
          memberId,
          companyId: company.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 50 * 60_000),
          status: "held" as const,
        };
      }),
    );
    const month = (await manager.as({ url: "/api/care/usage" }))
      .json()
      .months.find((row: { month: string }) => row.month === "2026-10");
    return { companyId: company.id, month };
  }

  it("are not in that month's figure, however many had a session", async () => {
    // Added on 5 October: three members when October began (the manager and two), none had care.
    expect((await companyWithForty(new Date("2026-10-05T12:00:00.000Z"))).month).toMatchObject({
      members: 3,
      shown: false,
      people: null,
    });
    // The same forty, members since September: they count. A fixed id, so a fixed draw: forty are hidden when
    // the draw is −36 or lower, about 1 company in 85,000 at ε = 0,3, and this id's draw is not.
    const counted = await companyWithForty(
      new Date("2026-09-20T12:00:00.000Z"),
      "c0a3e000-0000-4000-8000-000000001040",
    );
    const draw = discreteLaplace(t.app.deps.privacyKey, `${counted.companyId}|careMonth|2026-10|count`, 0.3, 1);
    expect(isShown(40 + draw, 5)).toBe(true);
    expect(counted.month).toEqual({ month: "2026-10", shown: true, people: 40 + draw, margin: 8, members: 43 });
  });
});
