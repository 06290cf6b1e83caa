/**
 * Counts that stay possible (issue 45 item 6, docs/decisions/061): a released count is noisy, and noise
 * can take it past the people who could be in it ('cerca de 14 pessoas' in a 13-person company). What
 * the company reads is clipped to [0, possible]: a month's respondents to the members who count (not
 * the manager), a day's check-ins to that day's members, so participation never passes 100 %.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import type { Report } from "#core/schemas/reports.ts";
import { companies, disclosedFigures, profiles, publishedDailyBuckets, user } from "#server/db/schema/index.ts";
import { readPublished } from "#tests/api/publishing.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-12-02T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const SINCE = new Date("2026-08-01T12:00:00Z");

/** A company with a fixed id (fixed draws), `size` members since August and its manager, who never counts. */
async function team(seed: number, size: number): Promise<{ companyId: string; people: string[] }> {
  const companyId = `00000000-0000-4000-8000-${String(950_000 + seed).padStart(12, "0")}`;
  await t.db.insert(companies).values({ id: companyId, name: `Possível ${seed}`, plan: "prime", createdAt: SINCE });
  const people = Array.from({ length: size }, (_, i) => `possivel-${seed}-${i}`);
  await t.db
    .insert(user)
    .values(
      people.map((id) => ({ id, name: id, email: `${id}@exemplo.com.br`, emailVerified: true, createdAt: SINCE })),
    );
  await t.db
    .insert(profiles)
    .values(people.map((id) => ({ userId: id, name: id, email: `${id}@exemplo.com.br`, companyId, createdAt: SINCE })));
  await signedInPerson(t.app, t.db, { companyId, role: "manager", createdAt: SINCE });
  return { companyId, people };
}

/** Everyone answers every day from `from` to `to`. */
async function everyoneAnswers(companyId: string, people: string[], from: string, to: string) {
  await t.db.execute(sql`
    INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
    SELECT p.id, ${companyId}::uuid, 3, d::date, d::date + time '12:00', 50
    FROM jsonb_array_elements_text(${JSON.stringify(people)}::jsonb) AS p(id),
         generate_series(${from}::date, ${to}::date, interval '1 day') AS d`);
}

describe("released counts as the company reads them", () => {
  it("never gives a month more respondents than the members who could answer, nor less than 0", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    let overDrawn = 0;
    for (let seed = 0; seed < 8; seed++) {
      const { companyId, people } = await team(seed, 5);
      await everyoneAnswers(companyId, people, "2026-09-01", "2026-11-30");
      const report: Report = (
        await readPublished(t, admin.as, `/api/reports?period=30d&companyId=${companyId}`)
      ).json();
      expect(report.grain).toBe("month");
      for (const month of report.months) {
        if (month.respondents !== null) expect(month.respondents).toBeLessThanOrEqual(people.length);
      }
      const stored = await t.db
        .select({ noisyCount: disclosedFigures.noisyCount })
        .from(disclosedFigures)
        .where(and(eq(disclosedFigures.companyId, companyId), eq(disclosedFigures.figure, "moodMonth")));
      overDrawn += stored.filter((row) => row.noisyCount > people.length).length;
    }
    // The noise did draw counts past the team in these trials: the clip is what the reader sees.
    expect(overDrawn).toBeGreaterThan(0);
  }, 120_000);

  it("never gives a day more check-ins than its members, so participation stays within 100 %", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const { companyId, people } = await team(100, DAILY_GRAIN_MIN_MEMBERS);
    await everyoneAnswers(companyId, people, "2026-11-01", "2026-12-01");
    const report: Report = (await readPublished(t, admin.as, `/api/reports?period=30d&companyId=${companyId}`)).json();
    expect(report.grain).toBe("day");
    const buckets = await t.db
      .select({ day: publishedDailyBuckets.day, noisy: publishedDailyBuckets.noisyCheckIns })
      .from(publishedDailyBuckets)
      .where(eq(publishedDailyBuckets.companyId, companyId));
    const members = people.length + 1; // and the manager, a member of each day too
    expect(buckets.some((bucket) => bucket.noisy > members)).toBe(true);
    for (const day of report.series) {
      if (day.checkIns !== null) expect(day.checkIns).toBeLessThanOrEqual(members);
      if (day.participation !== null) expect(day.participation).toBeLessThanOrEqual(100);
    }
    expect(report.checkIns).toBeLessThanOrEqual(members * report.days);
  }, 120_000);
});
