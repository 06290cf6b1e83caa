import { and, eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clampCount, isShown } from "#core/disclosure.ts";
import { rowsOf } from "#server/db/client.ts";
import { disclosedFigures, riskSectors } from "#server/db/schema/index.ts";
import { discreteLaplace } from "#server/features/disclosure/noise.ts";
import { readPublished } from "#tests/api/publishing.ts";
import { signIn } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { DEMO_LISTENING_HANDLER, DEMO_MANAGER, DEMO_PASSWORD, demoJoinedDay, seedDemo } from "./demo.ts";
import { demoPsychologists, seedDemoCare } from "./demo-care.ts";

// A fixed day: the demo's history is seeded back from it, so its closed months are the same every run.
const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
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
  it("starts the company before the 60 days and before last month, so a whole closed month is listed any day", () => {
    expect(demoJoinedDay("2026-11-22")).toBe("2026-09-22");
    // 61 days back is 1 December: the company starts on 30 November, and December is listed in January.
    expect(demoJoinedDay("2027-01-31")).toBe("2026-11-30");
    expect(demoJoinedDay("2026-08-31")).toBe("2026-06-30");
    expect(demoJoinedDay("2028-03-01")).toBe("2027-12-31");
  });

  it("seeds a prime company with a manager, 12 members and 60 days of activity; a second run changes nothing", async () => {
    const first = await seedDemo(t.db, clock.now());
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

    expect((await seedDemo(t.db, clock.now())).created).toBe(false);
    expect(await counts()).toEqual(after);

    const { cookie } = await signIn(t.app, DEMO_MANAGER.email, DEMO_PASSWORD);
    // The first read wakes the publishing job; once it has run (main.ts's runner would), the report is complete.
    const asManager = (request: InjectOptions) => t.app.inject({ ...request, headers: { cookie } });
    const report = (await readPublished(t, asManager, "/api/reports?period=30d")).json();
    expect(report.members).toBe(13);
    // Thirteen people: a small team, seen by closed month (docs/decisions/040), with a month to show.
    expect(report.grain).toBe("month");
    expect(report.months.map((month: { month: string }) => month.month)).toEqual(["2026-10"]);
    // The company's id is random (the seed makes it), and so is its month's draw: the month has people enough
    // to show, and shows exactly when its noisy count (their number plus the keyed draw) reaches k. Asking for
    // a month shown whatever the draw failed about 1 run in 90 (twelve fall under k at ε = 0,5).
    const companyId = report.company.id as string;
    const key = t.app.deps.privacyKey;
    for (const month of report.months as { month: string; respondents: number | null; averageMood: unknown }[]) {
      const [{ people } = { people: 0 }] = rowsOf<{ people: number }>(
        await t.db.execute(sql`
          select count(distinct up.user_id)::int as people from user_progress up
          join profiles p on p.user_id = up.user_id and p.role = 'user'
          where up.company_id = ${companyId} and up.exercise_id is null
            and to_char(up.day, 'YYYY-MM') = ${month.month}`),
      );
      expect(people).toBeGreaterThanOrEqual(report.minGroup);
      const noisy = people + discreteLaplace(key, `${companyId}|moodMonth|mood|${month.month}|count`, 0.5, 1);
      const shown = isShown(noisy, report.minGroup);
      expect(month.averageMood !== null).toBe(shown);
      // Never more people than the twelve members who could answer (the manager never counts; docs/decisions/061).
      expect(month.respondents).toBe(shown ? clampCount(noisy, report.members - 1) : null);
    }
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
    for (const name of ["Atendimento", "Plantão noturno"])
      expect(names.includes(name)).toBe(!figures.results.hiddenSectors.includes(name));
    // Which rows show, their noisy counts decide, and the seed drew those with a one-off key of its own
    // (demo-risks.ts): they are read as stored. Plantão noturno's answers are counted on their own, then
    // Atendimento's (with them when they were hidden), then the establishment's pooled row only when Atendimento
    // was hidden too; a row is in the results exactly when its count was shown. Asking for some row whatever
    // the draws failed about 1 run in 2,800.
    const campaignId = overview.campaigns[0].id as string;
    const released = await t.db
      .select({ subject: disclosedFigures.subject, shown: disclosedFigures.shown })
      .from(disclosedFigures)
      .where(and(eq(disclosedFigures.companyId, companyId), eq(disclosedFigures.figure, "riskParticipation")));
    const shownOf = new Map(
      released
        .filter((count) => count.subject.startsWith(`campaign:${campaignId}|row:`))
        .map((count) => [count.subject.slice(`campaign:${campaignId}|row:`.length), count.shown]),
    );
    const sectors = await t.db.select().from(riskSectors).where(eq(riskSectors.companyId, companyId));
    const idOf = (name: string) => sectors.find((sector) => sector.name === name)?.id ?? "";
    const rows = [
      [idOf("Plantão noturno"), "Plantão noturno"],
      [idOf("Atendimento"), "Atendimento"],
      [sectors[0]?.establishmentId ?? "", "Demais setores (agrupados)"],
    ] as const;
    const [[night], [service], [pooled]] = rows;
    expect([...shownOf.keys()].sort()).toEqual([night, service, ...(shownOf.get(service) ? [] : [pooled])].sort());
    expect(names).toEqual(rows.filter(([id]) => shownOf.get(id)).map(([, name]) => name));

    // Rewards (docs/decisions/028): platform and company ones, and one request waiting for the manager.
    expect(after?.rewards).toBe(5);
    const requests = (
      await t.app.inject({ method: "GET", url: "/api/company/redemptions", headers: { cookie } })
    ).json();
    expect(requests).toEqual([expect.objectContaining({ rewardTitle: "Um livro à sua escolha", status: "pending" })]);

    // A Canal de escuta handler (README): the last member opens the handler's inbox.
    const handler = await signIn(t.app, DEMO_LISTENING_HANDLER.email, DEMO_PASSWORD);
    const inbox = await t.app.inject({ method: "GET", url: "/api/escuta/casos", headers: { cookie: handler.cookie } });
    expect(inbox.statusCode, inbox.body).toBe(200);
  }, 120_000); // the seed, then the publishing job its first read wakes, on a shared machine
});

describe("DEMO=1, care", () => {
  it("seeds two verified psychologists with agendas and a few bookings held in the ledger; a second run changes nothing", async () => {
    await seedDemo(t.db, clock.now());
    const now = clock.now();
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
