/**
 * Resultados (issue 47, docs/decisions/088): the job publishes each closed month and quarter through the
 * disclosure layer, the page and the feed read the stored figures only, care follows the NHS Talking
 * Therapies definitions on hand-made people, and no company reply holds a PHQ-9/GAD-7 answer or a row per person.
 */

import { and, eq, gte, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultadosMessages } from "#core/resultados-messages.ts";
import type { Resultados } from "#core/schemas/resultados.ts";
import { periodMoodOf } from "#core/team-metrics.ts";
import { exercises, profiles, publishedDailyBuckets, userProgress } from "#server/db/schema/index.ts";
import { publishResultados } from "#server/features/resultados/publish-resultados.ts";
import { adoptionValues, careValues } from "#server/features/resultados/window-values.ts";
import { resultadosCompany } from "#tests/api/resultados.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

// Sunday 22 November 2026: closed months January to October, closed quarters T1 to T3.
const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let a: Awaited<ReturnType<typeof resultadosCompany>>;

const publish = () => publishResultados(t.db, t.app.deps.privacyKey, clock.now(), 5);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  a = await resultadosCompany(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("care outcomes on hand-made people", () => {
  it("pairs each person's first and last PHQ-9 and GAD-7, and counts the follow-ups", async () => {
    const values = await careValues(
      t.db,
      { id: a.company.id, timezone: "America/Sao_Paulo" },
      "2026-07-01",
      "2026-09-30",
    );
    expect(values).toHaveLength(20);
    expect(values.every((person) => person.sessions === 3 && person.waitDays === 8)).toBe(true);
    expect(values.filter((person) => person.measured)).toHaveLength(6);
    const followed = values.flatMap((person) => (person.scores ? [person.scores] : []));
    expect(followed).toHaveLength(5);
    const { isReliablyImproved, hasRecovered } = await import("#core/resultados.ts");
    const byPhq9 = new Map(followed.map((scores) => [scores.phq9?.first, scores]));
    expect([15, 14, 8, 20, 6].map((first) => isReliablyImproved(byPhq9.get(first) as never))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
    expect([15, 14, 8, 20, 6].map((first) => hasRecovered(byPhq9.get(first) as never))).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});

describe("the published figures", () => {
  it("shows nothing before the job has run, and says when figures will be there", async () => {
    const reply = await a.manager.as({ url: "/api/resultados" });
    expect(reply.statusCode).toBe(200);
    const body = reply.json() as Resultados;
    expect(body.adoption).toEqual([]);
    expect(body.next).toMatchObject({
      month: "2026-11",
      monthFrom: "01/12/2026",
      quarter: "2026-T4",
      quarterFrom: "01/01/2027",
    });
    expect(body.caveat).toMatch(/grupo de comparação/);
  });

  it("publishes each closed window once, with n, rate and margin, and reads the same stored figures again", async () => {
    const first = await publish();
    expect(first.released).toBeGreaterThan(0);
    expect((await publish()).released).toBe(0);
    const body = (await a.manager.as({ url: "/api/resultados" })).json() as Resultados;

    const october = body.adoption.find((month) => month.month === "2026-10");
    expect(october?.eligible).toBe(30);
    expect(october?.active.shown).toBe(true);
    expect(Math.abs((october?.active.n ?? 0) - 25)).toBeLessThanOrEqual(12);
    expect(october?.active.margin).toBeGreaterThan(0);
    expect(october?.active.rate).toBeCloseTo((october?.active.n ?? 0) / 30);
    expect(Math.abs((october?.steady.n ?? 0) - 20)).toBeLessThanOrEqual(12);
    // The funnel reads nested every month, whatever the noise drew (decision 097).
    for (const month of body.adoption.filter((row) => row.steady.shown)) {
      expect(month.activated.n ?? 0).toBeGreaterThanOrEqual(month.active.n ?? 0);
      expect(month.active.n ?? 0).toBeGreaterThanOrEqual(month.steady.n ?? 0);
    }

    const t3 = body.wellbeing.find((quarter) => quarter.quarter === "2026-T3");
    expect(t3?.who5.shown).toBe(true);
    expect(Math.abs((t3?.who5.value ?? 0) - 80)).toBeLessThan(15);
    expect(t3?.who5.margin).toBeGreaterThan(0);
    expect(t3?.baseline).toBe("2026-T2");
    expect(Math.abs((t3?.change?.value ?? 0) - 20)).toBeLessThan(10);
    expect(body.wellbeing.find((quarter) => quarter.quarter === "2026-T2")?.change).toBeNull();

    const care = body.care.find((quarter) => quarter.quarter === "2026-T3");
    expect(care?.sessionsPerPerson.shown).toBe(true);
    expect(Math.abs((care?.sessionsPerPerson.value ?? 0) - 3)).toBeLessThan(2);
    // Six measured and five followed are fewer than 10: the outcome shares stay hidden, and say why.
    expect(care?.reliableImprovement.shown).toBe(false);
    expect(care?.reliableImprovement.hiddenReason).toMatch(/a partir de 10 pessoas/);

    const again = (await a.manager.as({ url: "/api/resultados" })).json();
    expect(again).toEqual(body);
  });

  it("reads the quarter's mood from the published days only, with its margin (decision 093)", async () => {
    const before = (await a.manager.as({ url: "/api/resultados" })).json() as Resultados;
    const t2 = before.wellbeing.find((quarter) => quarter.quarter === "2026-T2");
    expect(t2?.mood).toMatchObject({ shown: false, hiddenReason: resultadosMessages.hiddenMood });
    // Hand-made published days of July: 20 check-ins a day around a mood of 4 (Σ(mood − 3) ≈ 20).
    const days = Array.from({ length: 31 }, (_, i) => `2026-07-${String(i + 1).padStart(2, "0")}`);
    await t.db
      .insert(publishedDailyBuckets)
      .values(
        days.map((day, i) => ({
          companyId: a.company.id,
          day,
          checkIns: 20,
          noisyCheckIns: 20 + (i % 3) - 1,
          eligible: 25,
          suppressed: i === 0,
          noisyMoodDelta: i === 0 ? null : 20 + (i % 5) - 2,
          epsilon: 1,
        })),
      )
      .onConflictDoNothing();
    const published = await t.db
      .select()
      .from(publishedDailyBuckets)
      .where(
        and(
          eq(publishedDailyBuckets.companyId, a.company.id),
          gte(publishedDailyBuckets.day, "2026-07-01"),
          lte(publishedDailyBuckets.day, "2026-09-30"),
        ),
      );
    const expected = periodMoodOf(published);
    const body = (await a.manager.as({ url: "/api/resultados" })).json() as Resultados;
    const t3 = body.wellbeing.find((quarter) => quarter.quarter === "2026-T3");
    expect(t3?.mood.shown).toBe(true);
    expect(t3?.mood.value).toBeCloseTo(expected.averageMood ?? 0, 6);
    expect(t3?.mood.margin).toBeCloseTo(expected.margin ?? 0, 6);
    expect(Math.abs((t3?.mood.value ?? 0) - 4)).toBeLessThan(0.2);
    // Reading it releases nothing: the same reply again.
    expect((await a.manager.as({ url: "/api/resultados" })).json()).toEqual(body);
  });

  it("holds no PHQ-9/GAD-7 answer, no person and no row per person in any company reply", async () => {
    const named = await t.db.select({ id: profiles.userId, name: profiles.name, email: profiles.email }).from(profiles);
    const created = (
      await a.manager.as({ method: "POST", url: "/api/resultados/api-keys", payload: { name: "Power BI" } })
    ).json() as { secret: string };
    const replies = [
      (await a.manager.as({ url: "/api/resultados" })).body,
      (
        await t.app.inject({
          url: "/api/v1/resultados/figuras",
          headers: { authorization: `Bearer ${created.secret}` },
        })
      ).body,
      (
        await t.app.inject({
          url: "/api/v1/resultados/figuras.csv",
          headers: { authorization: `Bearer ${created.secret}` },
        })
      ).body,
    ];
    for (const body of replies) {
      for (const person of named) {
        expect(body).not.toContain(person.id);
        expect(body).not.toContain(person.email);
      }
      expect(body).not.toMatch(/"(answers|score|scores|userId|memberId|item\d)"/);
    }
    // Rows are windows × figures: adding people changes no row count.
    const feed = JSON.parse(replies[1] as string) as { linhas: unknown[] };
    const body = JSON.parse(replies[0] as string) as Resultados;
    expect(feed.linhas).toHaveLength(
      body.adoption.length * 4 +
        body.wellbeing.length * 2 +
        body.wellbeing.filter((q) => q.change).length +
        body.care.length * 4,
    );
  });
});

describe("the month's adoption values", () => {
  it("counts a member's check-ins and exercises of the month, exercises by the person's own day", async () => {
    const october = () =>
      adoptionValues(t.db, { id: a.company.id, timezone: "America/Sao_Paulo" }, "2026-10-01", "2026-10-31");
    // The fixture: 20 people in weeks 1, 2 and 3, 5 more once (tests/api/resultados.ts).
    expect(await october()).toEqual({ eligible: 30, activated: 30, active: 25, steady: 20 });
    const [exercise] = await t.db.select({ id: exercises.id }).from(exercises).limit(1);
    if (!exercise) throw new Error("no exercise in the catalogue");
    const done = (userId: string, day: string, completedAt: string) => ({
      userId,
      companyId: a.company.id,
      exerciseId: exercise.id,
      day,
      completedAt: new Date(completedAt),
    });
    await t.db.insert(userProgress).values([
      // An exercise only: active. Late on 31 October in São Paulo, already 1 November in UTC: still October's.
      done(a.people[25] as string, "2026-10-31", "2026-11-01T01:30:00Z"),
      // One of the once-only people, in two more weeks by exercises: steady.
      done(a.people[20] as string, "2026-10-06", "2026-10-06T15:00:00Z"),
      done(a.people[20] as string, "2026-10-13", "2026-10-13T15:00:00Z"),
      // November's: not October's.
      done(a.people[26] as string, "2026-11-01", "2026-11-01T15:00:00Z"),
    ]);
    expect(await october()).toEqual({ eligible: 30, activated: 30, active: 26, steady: 21 });
  });
});
