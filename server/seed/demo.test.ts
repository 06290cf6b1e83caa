import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { readPublished } from "#tests/api/publishing.ts";
import { signIn } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { DEMO_MANAGER, DEMO_PASSWORD, seedDemo } from "./demo.ts";
import { demoPsychologists, seedDemoCare } from "./demo-care.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counts() {
  const rows = await t.db.execute(sql`
    select (select count(*) from companies)::int as companies, (select count(*) from profiles)::int as profiles,
           (select count(*) from user_progress)::int as progress, (select coalesce(sum(check_ins), 0) from company_daily_stats)::int as rolled,
           (select count(*) from user_progress where exercise_id is null)::int as check_ins,
           (select count(*) from rewards)::int as rewards, (select count(*) from reward_redemptions)::int as redemptions`);
  return rowsOf<Record<string, number>>(rows)[0];
}

describe("DEMO=1", () => {
  it("seeds a prime company with a manager, 12 members and 60 days of activity; a second run changes nothing", async () => {
    const first = await seedDemo(t.db);
    expect(first.created).toBe(true);
    expect(first.logins).toHaveLength(13);
    const after = await counts();
    expect(after?.profiles).toBe(13);
    expect(after?.check_ins).toBeGreaterThan(12 * 60 * 0.3);
    expect(after?.rolled).toBe(after?.check_ins);
    // The demo people are fictional and consent like invited people (docs/decisions/015).
    const consents = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from profiles where wellbeing_consent_version is not null`),
    )[0];
    expect(consents?.n).toBe(13);

    expect((await seedDemo(t.db)).created).toBe(false);
    expect(await counts()).toEqual(after);

    const { cookie } = await signIn(t.app, DEMO_MANAGER.email, DEMO_PASSWORD);
    // The first read wakes the publishing job; once it has run (main.ts's runner would), the report is complete.
    const asManager = (request: InjectOptions) => t.app.inject({ ...request, headers: { cookie } });
    const report = (await readPublished(t, asManager, "/api/reports?period=30d")).json();
    expect(report.members).toBe(13);
    // Thirteen people: a small team, seen by closed month (docs/decisions/040), with a month to show.
    expect(report.grain).toBe("month");
    expect(report.months.some((month: { averageMood: unknown }) => month.averageMood !== null)).toBe(true);
    // NR-1 (docs/decisions/026): a published campaign with results, an inventory and a plan.
    const overview = (await t.app.inject({ method: "GET", url: "/api/risks", headers: { cookie } })).json();
    expect(overview.campaigns[0]).toMatchObject({ status: "published", invited: 12 });
    expect(overview.inventories[0].content.lines).toHaveLength(3);
    expect(overview.actions).toHaveLength(3);
    const figures = (
      await t.app.inject({
        method: "GET",
        url: `/api/risks/campaigns/${overview.campaigns[0].id}/results`,
        headers: { cookie },
      })
    ).json();
    // Rows are shown on noisy counts (docs/decisions/040): each sector is a row of its own or listed hidden.
    const names = figures.results.rows.map((row: { name: string }) => row.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of ["Atendimento", "Plantão noturno"])
      expect(names.includes(name)).toBe(!figures.results.hiddenSectors.includes(name));

    // Rewards (docs/decisions/028): platform and company ones, and one request waiting for the manager.
    expect(after?.rewards).toBe(5);
    const requests = (
      await t.app.inject({ method: "GET", url: "/api/company/redemptions", headers: { cookie } })
    ).json();
    expect(requests).toEqual([expect.objectContaining({ rewardTitle: "Um livro à sua escolha", status: "pending" })]);
  }, 120_000); // the seed, then the publishing job its first read wakes, on a shared machine
});

describe("DEMO=1, care", () => {
  it("seeds two verified psychologists with agendas and a few bookings held in the ledger; a second run changes nothing", async () => {
    await seedDemo(t.db);
    const now = new Date();
    await seedDemoCare(t.db, now);
    const count = async () =>
      rowsOf<Record<string, number>>(
        await t.db.execute(sql`
          select (select count(*) from psychologists where status = 'verified')::int as psychologists,
                 (select count(*) from availability_windows)::int as windows,
                 (select count(*) from appointments where status = 'booked')::int as booked,
                 (select count(*) from credit_ledger where kind = 'hold')::int as holds`),
      )[0];
    const after = await count();
    expect(after).toMatchObject({ psychologists: 2, booked: 4, holds: 4 });
    expect(after?.windows).toBeGreaterThan(0);
    await seedDemoCare(t.db, now);
    expect(await count()).toEqual(after);
    const { cookie } = await signIn(t.app, demoPsychologists[0]?.email ?? "", DEMO_PASSWORD);
    const agenda = await t.app.inject({ url: "/api/care/agenda", headers: { cookie } });
    expect(agenda.json().upcoming.length).toBeGreaterThan(0);
  });
});
