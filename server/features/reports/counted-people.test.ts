/**
 * Issue 51 item 4, the k part (docs/decisions/083): accounts the manager adds through the HR API are members
 * at once, but count toward a day's k only once they have been active in the company for ACTIVE_LEAD_DAYS
 * (a check-in that long before the day). Read straight from what the publishing job stores.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "#core/dates.ts";
import { ACTIVE_LEAD_DAYS } from "#core/disclosure.ts";
import { rowsOf } from "#server/db/client.ts";
import { companies, publishedDailyBuckets } from "#server/db/schema/index.ts";
import { countsOn, freshMemberships, wasActiveBefore } from "#server/features/reports/counted-people.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { companyWithManager, createPerson } from "#tests/api/sessions.ts";
import { sybilsThroughHrApi } from "#tests/api/sybils.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-01T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

async function checkIns(companyId: string, userIds: string[], from: string, to: string) {
  const rows: { user_id: string; day: string }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) for (const id of userIds) rows.push({ user_id: id, day });
  await t.db.execute(sql`
    INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
    SELECT r.user_id, ${companyId}::uuid, 3, r.day::date, r.day::date + time '12:00', 50
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(user_id text, day text)`);
}

it("counts the manager's fresh accounts toward k only after two weeks of being active", async () => {
  const since = new Date("2026-09-01T12:00:00-03:00");
  const { company, manager } = await companyWithManager(t.app, t.db, {
    plan: "enterprise",
    id: "00000000-0000-4000-8083-000000000001",
  });
  await t.db.update(companies).set({ createdAt: since }).where(eq(companies.id, company.id));
  // Two real members, active since September: on their own, under k (5).
  const real = [
    (await createPerson(t.db, { companyId: company.id, createdAt: since })).userId,
    (await createPerson(t.db, { companyId: company.id, createdAt: since })).userId,
  ];
  await checkIns(company.id, real, "2026-09-01", "2026-11-21");
  // On 1 November the manager adds five accounts of his own, which check in every day from the 2nd.
  clock.set("2026-11-01T12:00:00-03:00");
  const sybils = await sybilsThroughHrApi(t, manager, 5, 8300);
  await checkIns(company.id, sybils, "2026-11-02", "2026-11-21");

  clock.set("2026-11-22T10:00:00-03:00");
  for (let run = 0; run < 20; run++) {
    const result = await publishClosedDays(t.db, t.app.deps.privacyKey, clock.now(), t.app.deps.env.PRIVACY_MIN_GROUP, {
      companyId: company.id,
      sweepMonths: run === 0,
    });
    if (result.isDone) break;
  }
  const day = async (on: string) => {
    const [row] = await t.db
      .select()
      .from(publishedDailyBuckets)
      .where(and(eq(publishedDailyBuckets.companyId, company.id), eq(publishedDailyBuckets.day, on)));
    return row;
  };
  // Members since the 1st, checking in since the 2nd: in every count, toward k in none, for two weeks.
  for (const on of ["2026-11-02", "2026-11-05", addDays("2026-11-02", ACTIVE_LEAD_DAYS - 1)]) {
    expect(await day(on)).toMatchObject({ checkIns: 7, eligible: 2 });
  }
  // Two weeks after their first check-in they count, as any member active that long does.
  expect(await day(addDays("2026-11-02", ACTIVE_LEAD_DAYS))).toMatchObject({ checkIns: 7, eligible: 7 });
  expect(await day("2026-11-21")).toMatchObject({ checkIns: 7, eligible: 7 });
});

it("reads one rule whether a window asks per membership (the months) or per check-in (the days)", async () => {
  const { company } = await companyWithManager(t.app, t.db, { id: "00000000-0000-4000-8083-000000000002" });
  const [stored] = await t.db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, company.id));
  const timezone = stored?.timezone ?? "";
  expect(timezone).toBe("America/Sao_Paulo");
  const person = async (joined: string) =>
    (await createPerson(t.db, { companyId: company.id, createdAt: new Date(`${joined}T12:00:00-03:00`) })).userId;
  // Long established and silent; active long before; joined late and active at once; joined and silent;
  // established late in the window, active only later.
  const [, active, quick, , late] = [
    await person("2026-06-01"),
    await person("2026-10-01"),
    await person("2026-10-20"),
    await person("2026-10-25"),
    await person("2026-09-15"),
  ];
  await checkIns(company.id, [active], "2026-10-05", "2026-10-08");
  await checkIns(company.id, [quick], "2026-10-21", "2026-10-21");
  await checkIns(company.id, [late], "2026-11-10", "2026-11-12");
  const from = "2026-10-15";
  const days = Array.from({ length: 28 }, (_, i) => addDays(from, i * 3));
  const rows = rowsOf<{ day: string; per_membership: boolean | null; per_check_in: boolean | null }>(
    await t.db.execute(sql`
      SELECT d.day::text AS day, ${wasActiveBefore(sql`m`, sql`d.day`, timezone)} AS per_membership,
             ${countsOn(sql`fresh`, sql`d.day`)} AS per_check_in
      FROM company_memberships m
      CROSS JOIN (VALUES ${sql.join(
        days.map((day) => sql`(${day}::date)`),
        sql`, `,
      )}) AS d(day)
      LEFT JOIN (${freshMemberships(company.id, sql`${from}::date`, timezone)}) AS fresh ON fresh.id = m.id
      WHERE m.company_id = ${company.id}`),
  );
  expect(rows.length).toBeGreaterThanOrEqual(5 * days.length);
  const counted = (value: boolean | null) => value === true;
  expect(rows.filter((row) => counted(row.per_membership) !== counted(row.per_check_in))).toEqual([]);
  // Both answers occur: the comparison is not between two constant answers.
  expect(new Set(rows.map((row) => counted(row.per_membership)))).toEqual(new Set([true, false]));
});
