import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInMessages } from "#core/check-in-messages.ts";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { serverMessages } from "#core/server-messages.ts";
import { companyDailyStats, profiles, session, userProgress } from "#server/db/schema/index.ts";
import { moodCheckInsOf, openedApp } from "#tests/api/check-ins.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const checkIn = (person: Awaited<ReturnType<typeof signedInPerson>>, payload: object) =>
  person.as({ method: "POST", url: "/api/check-ins", payload });

async function xpOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return { xp: row?.xp, points: row?.engagementPoints };
}

describe("POST /api/check-ins", () => {
  it("records the day's mood and awards +50 XP and points", async () => {
    clock.set("2026-11-22T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    const response = await checkIn(person, { mood: 4, notes: "  Dormi bem  " });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      checkIn: { day: "2026-11-22", mood: 4, notes: "Dormi bem", xpEarned: 50 },
      xp: 50,
      level: 1,
      engagementPoints: 50,
      message: checkInMessages.checkInSaved,
    });
    expect(await xpOf(person.userId)).toEqual({ xp: 50, points: 50 });
  });

  it("refuses a second check-in the same day, without a second award", async () => {
    clock.set("2026-11-22T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    await checkIn(person, { mood: 3 });
    const again = await checkIn(person, { mood: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(serverMessages.checkInAlreadyDone);
    expect(await xpOf(person.userId)).toEqual({ xp: 50, points: 50 });
  });

  it("gives exactly one row and one award under 20 simultaneous submissions", async () => {
    clock.set("2026-11-22T10:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => checkIn(person, { mood: (i % 5) + 1 })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rows = await t.db
      .select()
      .from(userProgress)
      .where(and(eq(userProgress.userId, person.userId), isNull(userProgress.exerciseId)));
    expect(rows).toHaveLength(1);
    expect(await xpOf(person.userId)).toEqual({ xp: 50, points: 50 });
  });

  it("counts days in São Paulo: 23:30 and 00:30 local are different days", async () => {
    const person = await signedInPerson(t.app, t.db);
    clock.set("2026-03-10T23:30:00-03:00");
    const late = await checkIn(person, { mood: 2 });
    expect(late.json().checkIn.day).toBe("2026-03-10");
    clock.set("2026-03-11T00:30:00-03:00");
    const early = await checkIn(person, { mood: 4 });
    expect(early.statusCode).toBe(201);
    expect(early.json().checkIn.day).toBe("2026-03-11");
    clock.set("2026-03-11T20:59:00-03:00"); // 23:59 UTC: still the 11th locally
    expect((await checkIn(person, { mood: 4 })).statusCode).toBe(409);
  });

  it("ignores nothing silently: a client-sent XP, an unknown field or a bad mood is refused in pt-BR", async () => {
    clock.set("2026-11-23T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    for (const payload of [
      { mood: 3, xp_earned: 500 },
      { mood: 3, userId: "someone-else" },
      { mood: 0 },
      { mood: 6 },
      { mood: 2.5 },
      {},
    ]) {
      const response = await checkIn(person, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/[a-zà-ú]/i);
    }
    expect((await checkIn(person, {})).json().error.message).toBe(checkInMessages.moodRequired);
    expect((await checkIn(person, { mood: 3, notes: "x".repeat(2001) })).json().error.message).toBe(
      checkInMessages.notesTooLong,
    );
    expect(await xpOf(person.userId)).toEqual({ xp: 0, points: 0 });
  });

  it("asks an anonymous caller to sign in", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/check-ins", payload: { mood: 3 } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(serverMessages.checkInLoginRequired);
  });

  it("awards the same XP whatever the mood", async () => {
    clock.set("2026-11-24T09:00:00-03:00");
    for (const mood of [1, 5]) {
      const person = await signedInPerson(t.app, t.db);
      expect((await checkIn(person, { mood })).json().xp).toBe(50);
    }
  });
});

describe("reading check-ins", () => {
  it("shows today's state and the month's calendar, of the caller only", async () => {
    const ana = await signedInPerson(t.app, t.db);
    const bruno = await signedInPerson(t.app, t.db);
    clock.set("2026-10-30T09:00:00-03:00");
    await checkIn(ana, { mood: 5, notes: "segredo da Ana" });
    clock.set("2026-11-02T09:00:00-03:00");
    await checkIn(ana, { mood: 2 });
    await checkIn(bruno, { mood: 1, notes: "segredo do Bruno" });

    const today = await ana.as({ method: "GET", url: "/api/check-ins/today" });
    expect(today.json()).toMatchObject({ day: "2026-11-02", checkIn: { mood: 2 } });

    const november = await ana.as({ method: "GET", url: "/api/check-ins?month=2026-11" });
    expect(november.json()).toEqual({
      month: "2026-11",
      days: [{ id: expect.any(String), day: "2026-11-02", mood: 2, energy: null, stress: null }],
    });
    const october = await ana.as({ method: "GET", url: "/api/check-ins?month=2026-10" });
    expect(october.json().days).toEqual([
      { id: expect.any(String), day: "2026-10-30", mood: 5, energy: null, stress: null },
    ]);
    expect(november.body + october.body + today.body).not.toContain("Bruno");
  });

  it("refuses any attempt to read someone else's check-ins", async () => {
    const ana = await signedInPerson(t.app, t.db);
    const bruno = await signedInPerson(t.app, t.db);
    const byQuery = await ana.as({ method: "GET", url: `/api/check-ins?month=2026-11&userId=${bruno.userId}` });
    expect(byQuery.statusCode).toBe(400);
    const byPath = await ana.as({ method: "GET", url: `/api/check-ins/${bruno.userId}` });
    expect(byPath.statusCode).toBe(404);
  });

  it("refuses a malformed month in pt-BR", async () => {
    const ana = await signedInPerson(t.app, t.db);
    const response = await ana.as({ method: "GET", url: "/api/check-ins?month=2026-13" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(checkInMessages.monthInvalid);
  });
});

// The check-in reuses the caller an earlier request read (docs/decisions/021); every field it
// relies on is re-checked in the check-in's own statement, so a change in the database holds at once.
describe("POST /api/check-ins after the caller changed elsewhere", () => {
  const rowsOf = (userId: string) => moodCheckInsOf(t.db, userId);

  it("refuses a session ended since, and writes nothing", async () => {
    clock.set("2026-11-22T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    await openedApp(person);
    await t.db.delete(session).where(eq(session.userId, person.userId)); // signed out in another process
    const response = await checkIn(person, { mood: 4 });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(serverMessages.checkInLoginRequired);
    expect(await rowsOf(person.userId)).toHaveLength(0);
  });

  it("refuses once the consent is withdrawn, and accepts once it is given", async () => {
    clock.set("2026-11-22T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    await openedApp(person);
    await t.db.update(profiles).set({ wellbeingConsentVersion: null }).where(eq(profiles.userId, person.userId));
    expect((await checkIn(person, { mood: 4 })).statusCode).toBe(403);
    expect(await rowsOf(person.userId)).toHaveLength(0);

    const later = await signedInPerson(t.app, t.db, { consent: false });
    await openedApp(later);
    await t.db
      .update(profiles)
      .set({ wellbeingConsentVersion: WELLBEING_CONSENT_VERSION, wellbeingConsentAt: new Date() })
      .where(eq(profiles.userId, later.userId));
    expect((await checkIn(later, { mood: 4 })).statusCode).toBe(201);
  });

  it("after a check-in and a revoked consent, refuses the next one for the consent, storing nothing", async () => {
    clock.set("2026-11-22T10:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    expect((await checkIn(person, { mood: 4 })).statusCode).toBe(201);
    expect((await person.as({ method: "DELETE", url: "/api/me/consent" })).statusCode).toBe(200);
    const refused = await checkIn(person, { mood: 2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "CONSENT_REQUIRED",
      message: serverMessages.wellbeingConsentRequired,
    });
    expect((await rowsOf(person.userId)).map((row) => row.mood)).toEqual([4]);
  });

  it("counts for the company the person is in now, on the day of their time zone now", async () => {
    clock.set("2026-11-22T23:30:00-03:00"); // already the 23rd in Lisbon
    const { company } = await companyWithManager(t.app, t.db);
    const person = await signedInPerson(t.app, t.db, { companyId: company.id });
    await openedApp(person);
    const moved = await companyWithManager(t.app, t.db);
    await t.db
      .update(profiles)
      .set({ companyId: moved.company.id, timezone: "Europe/Lisbon" })
      .where(eq(profiles.userId, person.userId));
    const response = await checkIn(person, { mood: 2 });
    expect(response.statusCode).toBe(201);
    expect(response.json().checkIn.day).toBe("2026-11-23");
    expect(await rowsOf(person.userId)).toMatchObject([{ companyId: moved.company.id, day: "2026-11-23" }]);
    const counted = await t.db.select().from(companyDailyStats).where(eq(companyDailyStats.companyId, company.id));
    expect(counted.reduce((sum, row) => sum + row.checkIns, 0)).toBe(0);
  });
});

// The month reuses the remembered caller too, checked in its own statement (docs/decisions/021).
describe("GET /api/check-ins after the caller changed elsewhere", () => {
  it("shows the month to the person, and nothing once the session ended in another process", async () => {
    clock.set("2026-11-22T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    expect((await checkIn(person, { mood: 4 })).statusCode).toBe(201);
    const month = () => person.as({ method: "GET", url: "/api/check-ins?month=2026-11" });
    const read = await month(); // remembered since the check-in's own read
    expect(read.statusCode).toBe(200);
    expect(read.json().days).toMatchObject([{ day: "2026-11-22", mood: 4 }]);
    expect((await person.as({ method: "GET", url: "/api/check-ins?month=2026-10" })).json().days).toEqual([]);

    await t.db.delete(session).where(eq(session.userId, person.userId));
    const refused = await month();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).not.toHaveProperty("days");
  });
});
