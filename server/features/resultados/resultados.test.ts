/**
 * Resultados (issue 47, docs/decisions/088): the job publishes each closed month and quarter through the
 * disclosure layer, the page and the feed read the stored figures only, care follows the NHS Talking
 * Therapies definitions on hand-made people, and no company reply holds a PHQ-9/GAD-7 answer or a row per person.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Resultados } from "#core/schemas/resultados.ts";
import {
  appointments,
  careMeasures,
  profiles,
  psychologists,
  rosterApiKeys,
  userProgress,
  who5Answers,
  who5ConsentEvents,
} from "#server/db/schema/index.ts";
import { publishResultados } from "#server/features/resultados/publish-resultados.ts";
import { careValues } from "#server/features/resultados/window-values.ts";
import { companyWithManager, fillSeats, signedInPerson, TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

// Sunday 22 November 2026: closed months January to October, closed quarters T1 to T3.
const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let a: Awaited<ReturnType<typeof companyWithManager>>;
let people: string[];
let psychologistId: string;

const at = (iso: string) => new Date(iso);
const publish = () => publishResultados(t.db, t.app.deps.privacyKey, clock.now(), 5);

async function seats(companyId: string, count: number) {
  await fillSeats(t.db, companyId, count);
  const rows = await t.db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.role, "user")));
  return rows.map((row) => row.id);
}

/** PHQ-9 and GAD-7 scores at three measures (window 0, 1, 2); the answers are only there to fill the row. */
async function measures(memberId: string, phq9: number[], gad7: number[]) {
  const rows = (instrument: "phq9" | "gad7", scores: number[]) =>
    scores.map((score, window) => ({
      memberId,
      psychologistId,
      instrument,
      window,
      answers: [score],
      score,
      createdAt: at(`2026-0${7 + window}-10T15:00:00Z`),
    }));
  await t.db.insert(careMeasures).values([...rows("phq9", phq9), ...rows("gad7", gad7)]);
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  a = await companyWithManager(t.app, t.db, { name: "Empresa Resultados", id: "0e5a1c3e-4a47-4d4e-9a47-000000000047" });
  people = await seats(a.company.id, 30);
  const [psychologist] = await t.db
    .insert(psychologists)
    .values({
      email: "resultados@exemplo.com.br",
      fullName: "Psicóloga Resultados",
      crpNumber: "06/222222",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-10",
      status: "verified",
      verifiedAt: TEST_EPOCH,
    })
    .returning();
  psychologistId = psychologist?.id ?? "";

  // October: 20 people active in weeks 1, 2 and 3; 5 more once.
  const checkIn = (userId: string, day: string) => ({
    userId,
    companyId: a.company.id,
    mood: 4,
    day,
    completedAt: at(`${day}T15:00:00Z`),
  });
  await t.db
    .insert(userProgress)
    .values([
      ...people.slice(0, 20).flatMap((id) => ["2026-10-02", "2026-10-09", "2026-10-16"].map((day) => checkIn(id, day))),
      ...people.slice(20, 25).map((id) => checkIn(id, "2026-10-20")),
    ]);

  // WHO-5: 24 people answered in May (T2) and in August (T3), each 20 points higher the second time.
  await t.db
    .insert(who5ConsentEvents)
    .values(people.slice(0, 24).map((userId) => ({ userId, kind: "given" as const, version: "1", at: TEST_EPOCH })));
  const answer = (userId: string, score: number, answeredAt: string) => {
    const item = score / 20;
    return {
      userId,
      item1: item,
      item2: item,
      item3: item,
      item4: item,
      item5: item,
      score,
      answeredAt: at(answeredAt),
    };
  };
  await t.db
    .insert(who5Answers)
    .values([
      ...people.slice(0, 24).map((id, i) => answer(id, 40 + (i % 3) * 20, "2026-05-12T15:00:00Z")),
      ...people.slice(0, 24).map((id, i) => answer(id, 40 + (i % 3) * 20 + 20, "2026-08-12T15:00:00Z")),
    ]);

  // Care in T3: 20 people, each asked on 1 July and seen 8 days later, then twice more.
  for (const [i, memberId] of people.slice(0, 20).entries()) {
    const hour = 10 + (i % 10);
    const sessionAt = (day: string) => at(`2026-${day}T${String(hour).padStart(2, "0")}:${i < 10 ? "00" : "30"}:00Z`);
    await t.db.insert(appointments).values(
      ["07-09", "07-23", "08-06"].map((day) => ({
        psychologistId,
        memberId,
        companyId: a.company.id,
        startsAt: sessionAt(day),
        endsAt: new Date(sessionAt(day).getTime() + 25 * 60_000),
        status: "held" as const,
        createdAt: at("2026-07-01T09:00:00Z"),
      })),
    );
  }
  // Hand-made measures (NHS Talking Therapies definitions):
  await measures(people[0] as string, [15, 12, 8], [10, 9, 7]); // PHQ-9 −7: improved; both below cut-offs: recovered
  await measures(people[1] as string, [14, 10, 9], [12, 13, 16]); // PHQ-9 −5, GAD-7 +4: neither improved nor recovered
  await measures(people[2] as string, [8, 6, 3], [9, 6, 5]); // GAD-7 −4: improved; GAD-7 9 → 5, PHQ-9 < 10: recovered
  await measures(people[3] as string, [20, 18, 13], [5, 5, 5]); // PHQ-9 −7 but still ≥ 10: improved, not recovered
  await measures(people[4] as string, [6, 4, 4], [4, 3, 3]); // not at caseness: never recovers; −2/−1: not improved
  await measures(people[5] as string, [12], [9]); // one measure only: measured, no follow-up
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
        body.wellbeing.length +
        body.wellbeing.filter((q) => q.change).length +
        body.care.length * 4,
    );
  });
});

describe("the feed's key", () => {
  it("reads the feed, is listed with its last use, stays out of the HR API's keys, and stops when revoked", async () => {
    const made = await a.manager.as({ method: "POST", url: "/api/resultados/api-keys", payload: { name: "Excel RH" } });
    expect(made.statusCode).toBe(201);
    const { secret, key } = made.json() as { secret: string; key: { id: string; prefix: string } };
    expect(secret).toMatch(/^sereno_bi_/);
    const bearer = { authorization: `Bearer ${secret}` };
    const feed = await t.app.inject({ url: "/api/v1/resultados/figuras.csv", headers: bearer });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/text\/csv/);
    expect(feed.body).toContain("Camada;Período;Indicador");
    // Power BI's 'Básico': any user name, the key as the password.
    const basic = { authorization: `Basic ${Buffer.from(`powerbi:${secret}`).toString("base64")}` };
    expect((await t.app.inject({ url: "/api/v1/resultados/figuras", headers: basic })).statusCode).toBe(200);

    const listed = (await a.manager.as({ url: "/api/resultados/api-keys" })).json() as {
      items: { id: string; lastUsedAt: string | null }[];
    };
    expect(listed.items.find((item) => item.id === key.id)?.lastUsedAt).not.toBeNull();
    const hrKeys = (await a.manager.as({ url: "/api/roster/api-keys" })).json() as { items: { id: string }[] };
    expect(hrKeys.items.some((item) => item.id === key.id)).toBe(false);
    // The key opens the feed only: the HR API refuses it.
    expect((await t.app.inject({ url: "/api/v1/roster/sync", method: "POST", headers: bearer })).statusCode).toBe(401);

    expect((await a.manager.as({ method: "DELETE", url: `/api/resultados/api-keys/${key.id}` })).statusCode).toBe(200);
    const refused = await t.app.inject({ url: "/api/v1/resultados/figuras", headers: bearer });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toMatch(/revogada/);
    const [stored] = await t.db.select().from(rosterApiKeys).where(eq(rosterApiKeys.id, key.id));
    expect(stored?.kind).toBe("resultados");
  });

  it("refuses a member, and a call with no key, in pt-BR", async () => {
    const member = await signedInPerson(t.app, t.db, { companyId: a.company.id });
    expect((await member.as({ url: "/api/resultados" })).statusCode).toBe(403);
    const none = await t.app.inject({ url: "/api/v1/resultados/figuras" });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/Resultados › Power BI e Excel/);
  });
});
