import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInMessages } from "#core/check-in-messages.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { companies, companyDailyStats, profiles } from "#server/db/schema/index.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;

async function checkedIn(person: Person, notes = "Um dia tranquilo") {
  const response = await person.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4, notes } });
  expect(response.statusCode).toBe(201);
  return response.json().checkIn.id as string;
}

describe("a person's own check-in", () => {
  it("is read, its note edited and deleted, by its owner", async () => {
    clock.set("2026-11-20T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    const id = await checkedIn(person);
    const read = await person.as({ method: "GET", url: `/api/check-ins/${id}` });
    expect(read.json()).toMatchObject({ id, mood: 4, notes: "Um dia tranquilo", day: "2026-11-20" });

    const edited = await person.as({
      method: "PATCH",
      url: `/api/check-ins/${id}`,
      payload: { notes: "  Na verdade, cansada\nmas bem " },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().notes).toBe("Na verdade, cansada\nmas bem");

    const cleared = await person.as({ method: "PATCH", url: `/api/check-ins/${id}`, payload: { notes: null } });
    expect(cleared.json().notes).toBeNull();
    const month = await person.as({ method: "GET", url: "/api/check-ins?month=2026-11" });
    expect(month.json().days).toEqual([{ id, day: "2026-11-20", mood: 4, energy: null, stress: null }]);
  });

  it("answers 404 for another person's check-in, and changes nothing", async () => {
    clock.set("2026-11-20T10:00:00-03:00");
    const owner = await signedInPerson(t.app, t.db);
    const other = await signedInPerson(t.app, t.db);
    const id = await checkedIn(owner, "Só meu");
    for (const request of [
      { method: "GET" as const, url: `/api/check-ins/${id}` },
      { method: "PATCH" as const, url: `/api/check-ins/${id}`, payload: { notes: "invadido" } },
      { method: "DELETE" as const, url: `/api/check-ins/${id}` },
    ]) {
      const response = await other.as(request);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(serverMessages.checkInNotFound);
    }
    const read = await owner.as({ method: "GET", url: `/api/check-ins/${id}` });
    expect(read.json().notes).toBe("Só meu");
  });

  it("refuses bad ids and bodies with 400 and a pt-BR message", async () => {
    clock.set("2026-11-20T11:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    const id = await checkedIn(person);
    const badId = await person.as({ method: "PATCH", url: "/api/check-ins/nao-e-um-id", payload: { notes: "x" } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe(messages.invalidInput);
    const tooLong = await person.as({
      method: "PATCH",
      url: `/api/check-ins/${id}`,
      payload: { notes: "a".repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(checkInMessages.notesTooLong);
    const control = await person.as({ method: "PATCH", url: `/api/check-ins/${id}`, payload: { notes: "oi\u0007" } });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toBe(checkInMessages.notesControlCharacters);
    const extra = await person.as({ method: "PATCH", url: `/api/check-ins/${id}`, payload: { notes: "x", mood: 1 } });
    expect(extra.statusCode).toBe(400);
    const missing = await person.as({ method: "PATCH", url: `/api/check-ins/${id}`, payload: {} });
    expect(missing.statusCode).toBe(400);
    const read = await person.as({ method: "GET", url: `/api/check-ins/${id}` });
    expect(read.json().notes).toBe("Um dia tranquilo");
    const anonymous = await t.app.inject({ method: "DELETE", url: `/api/check-ins/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("deleting takes its XP and points back and the day's live count down; checking in again cannot farm XP", async () => {
    clock.set("2026-11-21T09:00:00-03:00");
    const [company] = await t.db
      .insert(companies)
      .values({ name: `Empresa ${Math.random()}`, plan: "essencial" })
      .returning();
    if (!company) throw new Error("no company");
    const person = await signedInPerson(t.app, t.db, { companyId: company.id });
    const id = await checkedIn(person);
    const deleted = await person.as({ method: "DELETE", url: `/api/check-ins/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ xp: 0, engagementPoints: 0, message: serverMessages.checkInDeleted });
    const [stats] = await t.db
      .select()
      .from(companyDailyStats)
      .where(and(eq(companyDailyStats.companyId, company.id), eq(companyDailyStats.day, "2026-11-21")));
    expect(stats?.checkIns).toBe(0);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.lastCheckInDay).toBeNull();

    await checkedIn(person, "De novo");
    const again = await person.as({ method: "GET", url: "/api/me" });
    expect(again.json().xp).toBe(50);
    const gone = await person.as({ method: "GET", url: `/api/check-ins/${id}` });
    expect(gone.statusCode).toBe(404);
  });

  it("takes the day's count down even when it sits on another rollup row (days rolled up before the split)", async () => {
    clock.set("2026-11-21T11:00:00-03:00");
    const [company] = await t.db
      .insert(companies)
      .values({ name: `Empresa ${Math.random()}`, plan: "essencial" })
      .returning();
    if (!company) throw new Error("no company");
    const [first, second] = [
      await signedInPerson(t.app, t.db, { companyId: company.id }),
      await signedInPerson(t.app, t.db, { companyId: company.id }),
    ] as const;
    const id = await checkedIn(first);
    await checkedIn(second);
    const dayStats = and(eq(companyDailyStats.companyId, company.id), eq(companyDailyStats.day, "2026-11-21"));
    // As migration 0014 left older days: the whole day's count in one row of shard 0.
    await t.db.delete(companyDailyStats).where(dayStats);
    await t.db.insert(companyDailyStats).values({ companyId: company.id, day: "2026-11-21", shard: 0, checkIns: 2 });
    expect((await first.as({ method: "DELETE", url: `/api/check-ins/${id}` })).statusCode).toBe(200);
    const rows = await t.db.select().from(companyDailyStats).where(dayStats);
    expect(rows.reduce((sum, row) => sum + row.checkIns, 0)).toBe(1);
  });

  it("never takes XP below zero", async () => {
    clock.set("2026-11-21T10:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    const id = await checkedIn(person);
    await t.db.update(profiles).set({ xp: 20, engagementPoints: 10 }).where(eq(profiles.userId, person.userId));
    const deleted = await person.as({ method: "DELETE", url: `/api/check-ins/${id}` });
    expect(deleted.json()).toMatchObject({ xp: 0, engagementPoints: 0 });
  });
});
