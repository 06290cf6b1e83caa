import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#core/dates.ts";
import { rowsOf } from "#server/db/client.ts";
import { companies, companyDailyStats, profiles, user } from "#server/db/schema/index.ts";
import { insertCheckInOnce } from "#server/features/check-ins/insert-check-in.ts";
import { readPublished } from "#tests/api/publishing.ts";
import { signedInPerson, TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-23T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

/** A company with a fixed id: with the tests' fixed secret its noise draws are the same every run. */
async function seededCompany(seed: number, size: number) {
  const id = `00000000-0000-4000-8000-${String(seed).padStart(12, "0")}`;
  await t.db.insert(companies).values({ id, name: `Equipe ${seed}`, plan: "prime", createdAt: TEST_EPOCH });
  const ids = Array.from({ length: size }, (_, i) => `ins-${seed}-${i}`);
  await t.db.insert(user).values(
    ids.map((uid) => ({
      id: uid,
      name: uid,
      email: `${uid}@exemplo.com.br`,
      emailVerified: true,
      createdAt: TEST_EPOCH,
    })),
  );
  await t.db.insert(profiles).values(
    ids.map((uid) => ({
      userId: uid,
      name: uid,
      email: `${uid}@exemplo.com.br`,
      companyId: id,
      createdAt: TEST_EPOCH,
    })),
  );
  const manager = await signedInPerson(t.app, t.db, { role: "manager", companyId: id });
  return { id, ids, manager };
}

/** 56 days to Sunday 22 Nov: Mondays low, other days high; fewer answers in the last week; exercises track mood. */
async function seedActivity(companyId: string, ids: string[]) {
  for (let i = 0; i < 56; i++) {
    const day = addDays("2026-09-28", i);
    const isMonday = new Date(`${day}T12:00:00Z`).getUTCDay() === 1;
    const answering = i >= 49 ? ids.slice(0, Math.ceil(ids.length / 2)) : ids;
    for (const [n, userId] of answering.entries()) {
      const mood = isMonday ? 1 + (n % 2) : 4 + (n % 2);
      await insertCheckInOnce(t.db, {
        userId,
        companyId,
        mood,
        notes: null,
        at: new Date(`${day}T12:00:00-03:00`),
        day,
      });
    }
    // The day's exercises, on one of its shard rows (server/db/schema/company-daily-stats.ts).
    await t.db
      .update(companyDailyStats)
      .set({
        exercises: sql`CASE WHEN ${companyDailyStats.shard} = (SELECT min(shard) FROM company_daily_stats WHERE company_id = ${companyId} AND day = ${day}) THEN ${isMonday ? 1 + (i % 2) : 8 + (i % 3)} ELSE 0 END`,
      })
      .where(and(eq(companyDailyStats.companyId, companyId), eq(companyDailyStats.day, day)));
  }
}

describe("GET /api/reports/insights", () => {
  it("finds the three kinds from the published days, with tests and numbers, and ranks the actions", async () => {
    const { id, ids, manager } = await seededCompany(71, 30);
    await seedActivity(id, ids);
    const response = await readPublished(t, manager.as, "/api/reports/insights");
    expect(response.statusCode).toBe(200);
    const insights = response.json();
    expect(insights).toMatchObject({ from: "2026-08-25", to: "2026-11-22", minGroup: 5, withheld: [] });
    const [participation, weekday, exercises] = insights.findings;
    expect(participation.sentence).toMatch(/^A participação caiu de 100,0% para 50,0% nas últimas quatro semanas/);
    expect(weekday.sentence).toMatch(
      // Mondays at 1 and the other days at 4, read through the daily noise (ε 0,14, docs/decisions/083).
      /^O humor das segundas-feiras é mais baixo que o dos outros dias: [12],\d contra [34],\d/,
    );
    expect(exercises.sentence).toMatch(
      /^Nos dias com mais exercícios concluídos, o humor médio da equipe foi mais alto/,
    );
    for (const finding of insights.findings) expect(finding.confidence).toBe("alta");
    expect(insights.actions.map((action: { title: string }) => action.title).sort()).toEqual([
      "Abra espaço para os exercícios",
      "Alivie o dia mais pesado",
      "Lembre a equipe do check-in",
    ]);
    // Built from the published rows: the job the first read woke published every day of the window.
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`SELECT count(*)::int AS n FROM published_daily_buckets WHERE company_id = ${id} AND day BETWEEN '2026-08-25' AND '2026-11-22'`,
      ),
    );
    expect(n).toBe(90);
  }, 120_000); // 1,680 check-ins through the product's own statement (streak included) on a shared machine

  it("withholds the mood findings of a team too small for the privacy group, and says why", async () => {
    const { id, ids, manager } = await seededCompany(72, 4);
    await seedActivity(id, ids);
    const insights = (await readPublished(t, manager.as, "/api/reports/insights")).json();
    expect(insights.findings.map((finding: { kind: string }) => finding.kind)).toEqual(["participation"]);
    expect(insights.withheld.map((item: { kind: string }) => item.kind)).toEqual(["weekday", "exercises"]);
    // Four people: the company sees its mood by month, and that is the reason given (docs/decisions/061).
    expect(insights.withheld[0].reason).toContain(
      "dias ficaram ocultos porque equipes com menos de 20 pessoas veem o humor só por mês encerrado",
    );
    expect(response(insights)).not.toMatch(/humor das|Nos dias com mais/);
  });

  it("is for managers and admins; a member gets 403", async () => {
    const member = await signedInPerson(t.app, t.db, { companyId: "00000000-0000-4000-8000-000000000071" });
    expect((await readPublished(t, member.as, "/api/reports/insights")).statusCode).toBe(403);
  });
});

const response = (value: unknown) => JSON.stringify(value);
