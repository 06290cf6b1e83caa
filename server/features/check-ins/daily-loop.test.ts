/**
 * The member's daily loop (docs/decisions/023): the streak bonus decided in
 * the check-in's statement, energy and stress, and the private support card.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInMessages } from "#core/check-in-messages.ts";
import { addDays } from "#core/dates.ts";
import { previousRunDays, STREAK_BONUS_LOOKBACK_DAYS } from "#core/streak.ts";
import { auditLog, jobs, profiles, userProgress } from "#server/db/schema/index.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { checkInsBefore } from "./daily-loop.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;
const checkIn = (person: Person, payload: object) => person.as({ method: "POST", url: "/api/check-ins", payload });
const today = async (person: Person) => {
  const response = await person.as({ method: "GET", url: "/api/check-ins/today" });
  expect(response.statusCode).toBe(200);
  return response.json();
};
/** 09:00 in São Paulo on the given day. */
const morningOf = (day: string) => clock.set(`${day}T09:00:00-03:00`);

async function profileOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return { xp: row?.xp, points: row?.engagementPoints };
}

describe("the streak bonus", () => {
  it("grows +10 a day over a 10-day run, resets after a missed day, shows before and after, whatever the mood", async () => {
    const person = await signedInPerson(t.app, t.db);
    // Nov 1 to 6 every day, Nov 7 missed, Nov 8 to 10 again: the bonus restarts at 0.
    const plan: [string, number][] = [
      ["2026-11-01", 0],
      ["2026-11-02", 10],
      ["2026-11-03", 20],
      ["2026-11-04", 30],
      ["2026-11-05", 40],
      ["2026-11-06", 50],
      ["2026-11-08", 0],
      ["2026-11-09", 10],
      ["2026-11-10", 20],
    ];
    let total = 0;
    for (const [index, [day, bonus]] of plan.entries()) {
      morningOf(day);
      const streakDays = bonus / 10 + 1;
      // Shown before submitting: what today's check-in will earn.
      expect((await today(person)).award).toEqual({ baseXp: 50, streakBonus: bonus, total: 50 + bonus, streakDays });
      const response = await checkIn(person, { mood: (index % 5) + 1 });
      expect(response.statusCode).toBe(201);
      total += 50 + bonus;
      const body = response.json();
      expect(body.checkIn.xpEarned).toBe(50 + bonus);
      expect(body.award).toEqual({ baseXp: 50, streakBonus: bonus, total: 50 + bonus, streakDays });
      expect(body.xp).toBe(total);
      expect(body.engagementPoints).toBe(total);
      expect(body.message).toBe(
        bonus
          ? `Check-in realizado! Você ganhou +50 XP, +${bonus} de sequência (${streakDays} dias seguidos).`
          : checkInMessages.checkInSaved,
      );
      // After it, the day shows what it earned.
      expect((await today(person)).award).toMatchObject({ streakBonus: bonus, total: 50 + bonus });
    }
    expect(await profileOf(person.userId)).toEqual({ xp: total, points: total });
    // Nov 7 was missed: on Nov 11 the run is 3 days long, and on Nov 12 without Nov 11 it is gone.
    morningOf("2026-11-12");
    expect((await today(person)).award).toMatchObject({ streakBonus: 0, streakDays: 1 });
  });

  it("caps the day's check-in at 150 XP", async () => {
    const person = await signedInPerson(t.app, t.db);
    const start = "2026-09-01";
    for (let i = 0; i < 14; i++) {
      morningOf(addDays(start, i));
      const body = (await checkIn(person, { mood: 3 })).json();
      expect(body.checkIn.xpEarned).toBe(Math.min(150, 50 + i * 10));
    }
  });

  it("awards the bonus once under 20 simultaneous submissions", async () => {
    const person = await signedInPerson(t.app, t.db);
    morningOf("2026-08-01");
    await checkIn(person, { mood: 4 });
    morningOf("2026-08-02");
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkIn(person, { mood: 4 })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await profileOf(person.userId)).toEqual({ xp: 110, points: 110 });
  });

  it("takes the bonus back with the check-in when it is deleted", async () => {
    const person = await signedInPerson(t.app, t.db);
    morningOf("2026-07-01");
    await checkIn(person, { mood: 4 });
    morningOf("2026-07-02");
    const second = (await checkIn(person, { mood: 4 })).json();
    const deleted = await person.as({ method: "DELETE", url: `/api/check-ins/${second.checkIn.id}` });
    expect(deleted.json()).toMatchObject({ xp: 50, engagementPoints: 50 });
  });
});

describe("the streak freeze", () => {
  it("is earned by 7 days in a row, covers one missed day, and a second gap soon after ends the run", async () => {
    const person = await signedInPerson(t.app, t.db);
    const noFreeze = { banked: 0, coversYesterday: false };
    // Nov 1–7 every day: the 7th check-in earns the freeze.
    for (let i = 0; i < 7; i++) {
      morningOf(addDays("2026-11-01", i));
      expect((await today(person)).streakFreeze).toEqual(noFreeze);
      expect((await checkIn(person, { mood: 3 })).statusCode).toBe(201);
    }
    expect((await today(person)).streakFreeze).toEqual({ banked: 1, coversYesterday: false });
    // Nov 8 missed. On Nov 9 the freeze covers it: the run goes on (+70, the 8th day), the freeze is spent.
    morningOf("2026-11-09");
    const before = await today(person);
    expect(before.streakFreeze).toEqual({ banked: 0, coversYesterday: true });
    expect(before.award).toEqual({ baseXp: 50, streakBonus: 70, total: 120, streakDays: 8 });
    const covered = (await checkIn(person, { mood: 2 })).json();
    expect(covered.award).toEqual({ baseXp: 50, streakBonus: 70, total: 120, streakDays: 8 });
    expect(covered.checkIn.xpEarned).toBe(120);
    expect((await today(person)).streakFreeze).toEqual(noFreeze);
    morningOf("2026-11-10");
    expect((await checkIn(person, { mood: 4 })).json().award).toMatchObject({ streakBonus: 80, streakDays: 9 });
    // Nov 11 missed too: only two days since the last gap, nothing banked, the run starts over on Nov 12.
    morningOf("2026-11-12");
    expect((await today(person)).streakFreeze).toEqual(noFreeze);
    expect((await checkIn(person, { mood: 4 })).json().award).toMatchObject({ streakBonus: 0, streakDays: 1 });
    // Two missed days in a row are never covered, whatever was banked.
    const other = await signedInPerson(t.app, t.db);
    for (let i = 0; i < 10; i++) {
      morningOf(addDays("2026-10-01", i));
      await checkIn(other, { mood: 3 });
    }
    morningOf("2026-10-13");
    expect((await today(other)).award).toMatchObject({ streakBonus: 0, streakDays: 1 });
    expect((await today(other)).streakFreeze).toEqual(noFreeze);
  });

  it("is decided by the check-in's SQL exactly as core/streak.ts says, on random histories", async () => {
    const person = await signedInPerson(t.app, t.db);
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // One history of 400 days with gaps of every length; each day of its last 300 is asked as 'today'.
    const days = Array.from({ length: 400 }, (_, i) => addDays("2025-01-01", i)).filter(
      (_, i) => next() > ([0.04, 0.12, 0.3][Math.floor(i / 40) % 3] as number),
    );
    await t.db
      .insert(userProgress)
      .values(days.map((day) => ({ userId: person.userId, mood: 3, day, completedAt: new Date(`${day}T12:00:00Z`) })));
    for (let i = 100; i < 400; i++) {
      const day = addDays("2025-01-01", i);
      const expected = Math.min(STREAK_BONUS_LOOKBACK_DAYS, previousRunDays(days, day));
      expect((await checkInsBefore(t.db, person.userId, day)).previousDays, day).toBe(expected);
    }
  }, 120_000);
});

describe("energy and stress", () => {
  it("are optional, stored with the check-in and shown to the owner in the day and the month", async () => {
    const person = await signedInPerson(t.app, t.db);
    morningOf("2026-06-10");
    const created = (await checkIn(person, { mood: 3, energy: 2, stress: 5 })).json();
    expect(created.checkIn).toMatchObject({ mood: 3, energy: 2, stress: 5 });
    const one = await person.as({ method: "GET", url: `/api/check-ins/${created.checkIn.id}` });
    expect(one.json()).toMatchObject({ energy: 2, stress: 5 });
    morningOf("2026-06-11");
    expect((await checkIn(person, { mood: 4, energy: null })).json().checkIn).toMatchObject({
      energy: null,
      stress: null,
    });
    const month = (await person.as({ method: "GET", url: "/api/check-ins?month=2026-06" })).json();
    expect(month.days.map((d: { energy: number | null; stress: number | null }) => [d.energy, d.stress])).toEqual([
      [2, 5],
      [null, null],
    ]);
    // The member's own data export carries them too (LGPD art. 18, docs/decisions/015).
    const exported = JSON.parse((await person.as({ method: "GET", url: "/api/me/export.json" })).body);
    expect(
      exported.checkIns.map((c: { energia: number | null; estresse: number | null }) => [c.energia, c.estresse]),
    ).toEqual([
      [2, 5],
      [null, null],
    ]);
  });

  it("refuses a value outside 1 to 5 in pt-BR, saving nothing", async () => {
    const person = await signedInPerson(t.app, t.db);
    morningOf("2026-06-12");
    for (const [payload, message] of [
      [{ mood: 3, energy: 0 }, checkInMessages.energyInvalid],
      [{ mood: 3, energy: 6 }, checkInMessages.energyInvalid],
      [{ mood: 3, stress: 2.5 }, checkInMessages.stressInvalid],
      [{ mood: 3, stress: "5" }, checkInMessages.stressInvalid],
    ] as const) {
      const response = await checkIn(person, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const rows = await t.db.select().from(userProgress).where(eq(userProgress.userId, person.userId));
    expect(rows).toHaveLength(0);
  });

  it("are refused by the database on an exercise completion or out of range", async () => {
    const person = await signedInPerson(t.app, t.db);
    await expect(
      t.db.insert(userProgress).values({ userId: person.userId, mood: 3, energy: 9, day: "2026-06-13" }),
    ).rejects.toThrow();
  });
});

/** Check-ins on consecutive days ending `last`, oldest first. */
async function history(person: Person, last: string, moods: number[]) {
  for (const [i, mood] of moods.entries()) {
    morningOf(addDays(last, i - moods.length + 1));
    expect((await checkIn(person, { mood })).statusCode).toBe(201);
  }
}

describe("the private support card", () => {
  it("follows the rule on seeded histories", async () => {
    const cases: [number[], boolean][] = [
      [[4, 2, 3, 1, 2], true], // 3 of the last 5 at 2 or less
      [[2, 2, 4, 4, 4, 1], false], // only 1 of the last 5
      [[3, 4, 1, 1], true], // 'Muito Baixo' twice in a row
      [[1, 4, 1, 5], false],
      [[5, 4, 4, 3, 4], false],
    ];
    for (const [moods, expected] of cases) {
      const person = await signedInPerson(t.app, t.db);
      await history(person, "2026-05-20", moods);
      expect((await today(person)).lowPattern, moods.join(",")).toBe(expected);
    }
  });

  it("comes with the check-in that completes the pattern, and fades once the low days are two weeks old", async () => {
    const person = await signedInPerson(t.app, t.db);
    await history(person, "2026-05-09", [2, 2]);
    morningOf("2026-05-10");
    expect((await today(person)).lowPattern).toBe(false);
    expect((await checkIn(person, { mood: 1 })).json().lowPattern).toBe(true);
    // The 14 days run from May 8 to May 21; on May 22 the first low day is out of the window.
    morningOf("2026-05-21");
    expect((await today(person)).lowPattern).toBe(true);
    morningOf("2026-05-22");
    expect((await today(person)).lowPattern).toBe(false);
  });

  it("changes nothing any manager or admin can read, and notifies no one", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const members: Person[] = [];
    for (let i = 0; i < 6; i++) members.push(await signedInPerson(t.app, t.db, { companyId: company.id }));
    const [low, ...others] = members as [Person, ...Person[]];
    for (const other of others) await history(other, "2026-04-20", [4, 3, 4, 5]);
    await history(low, "2026-04-20", [3, 2, 1, 1]);
    morningOf("2026-04-21");
    const q = `companyId=${company.id}`;
    const urls: [Person, string][] = [
      [manager, "/api/team"],
      [manager, "/api/team/summary"],
      [manager, "/api/reports/insights"],
      [manager, "/api/companies"],
      [manager, "/api/reports?period=7d"],
      [manager, "/api/reports?period=30d"],
      [manager, "/api/reports/export.csv?period=30d"],
      [admin, "/api/admin/companies"],
      [admin, `/api/team?${q}`],
      [admin, `/api/team/summary?${q}`],
      [admin, `/api/reports?period=30d&${q}`],
    ];
    const snapshot = () => Promise.all(urls.map(([who, url]) => who.as({ method: "GET", url })));
    const before = await snapshot();
    const [audits] = await t.db.select({ n: count() }).from(auditLog);
    const [queued] = await t.db.select({ n: count() }).from(jobs);

    // The card triggers for the low member, and for no one else.
    expect((await today(low)).lowPattern).toBe(true);
    for (const other of others) expect((await today(other)).lowPattern).toBe(false);

    expect((await t.db.select({ n: count() }).from(auditLog))[0]).toEqual(audits);
    expect((await t.db.select({ n: count() }).from(jobs))[0]).toEqual(queued);
    const after = await snapshot();
    const forbidden = /lowPattern|supportCard|"energy"|"stress"/;
    for (const [i, response] of after.entries()) {
      const url = urls[i]?.[1];
      expect(response.statusCode, url).toBeLessThan(300);
      expect(response.body, url).toBe(before[i]?.body);
      expect(response.body, url).not.toMatch(forbidden);
    }
  }, 120_000);
});
