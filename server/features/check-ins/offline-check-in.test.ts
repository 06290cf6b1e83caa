import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInMessages } from "#core/check-in-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { profiles, userProgress } from "#server/db/schema/index.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;
const checkIn = (person: Person, payload: object) => person.as({ method: "POST", url: "/api/check-ins", payload });

async function checkInsOf(userId: string) {
  return t.db
    .select({ day: userProgress.day, mood: userProgress.mood, completedAt: userProgress.completedAt })
    .from(userProgress)
    .where(and(eq(userProgress.userId, userId), isNull(userProgress.exerciseId)));
}

async function xpOf(userId: string) {
  const [row] = await t.db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.userId, userId));
  return row?.xp;
}

describe("POST /api/check-ins with madeAt (a check-in made offline)", () => {
  it("records it at the moment it was made, on that local day, with the usual award", async () => {
    const person = await signedInPerson(t.app, t.db);
    // Made at 23:40 in São Paulo (02:40 UTC the next day), sent the next morning.
    clock.set("2026-11-23T08:10:00-03:00");
    const response = await checkIn(person, { mood: 2, madeAt: "2026-11-23T02:40:00Z" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ checkIn: { day: "2026-11-22", mood: 2, xpEarned: 50 }, xp: 50 });
    expect(new Date(response.json().checkIn.completedAt).toISOString()).toBe("2026-11-23T02:40:00.000Z");
    // Today is still free.
    expect((await checkIn(person, { mood: 4 })).json().checkIn.day).toBe("2026-11-23");
    expect((await checkInsOf(person.userId)).map((row) => row.day).sort()).toEqual(["2026-11-22", "2026-11-23"]);
  });

  it("uses the member's own time zone for the day", async () => {
    const person = await signedInPerson(t.app, t.db);
    await t.db.update(profiles).set({ timezone: "America/Manaus" }).where(eq(profiles.userId, person.userId));
    clock.set("2026-11-23T12:00:00Z");
    // 03:30 UTC is 00:30 in São Paulo but still 23:30 of the 22nd in Manaus (UTC-4).
    const response = await checkIn(person, { mood: 3, madeAt: "2026-11-23T03:30:00Z" });
    expect(response.json().checkIn.day).toBe("2026-11-22");
  });

  it("refuses it with 409 when that day already has a check-in, without a second award", async () => {
    const person = await signedInPerson(t.app, t.db);
    clock.set("2026-11-22T09:00:00-03:00");
    await checkIn(person, { mood: 4 });
    clock.set("2026-11-23T07:00:00-03:00");
    const late = await checkIn(person, { mood: 1, madeAt: "2026-11-22T21:00:00-03:00" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(checkInMessages.checkInDayAlreadyDone);
    // Made today when today is already done: the usual message.
    await checkIn(person, { mood: 3 });
    const today = await checkIn(person, { mood: 5, madeAt: "2026-11-23T06:30:00-03:00" });
    expect(today.statusCode).toBe(409);
    expect(today.json().error.message).toBe(serverMessages.checkInAlreadyDone);
    expect(await checkInsOf(person.userId)).toHaveLength(2);
    // 50 on the 22nd, 50 + 10 of streak on the 23rd (docs/decisions/023): the refused ones added nothing.
    expect(await xpOf(person.userId)).toBe(110);
  });

  it("accepts it at exactly 24 h and refuses it with 422 one second later", async () => {
    const person = await signedInPerson(t.app, t.db);
    clock.set("2026-11-24T10:00:00-03:00");
    const stale = await checkIn(person, { mood: 3, madeAt: "2026-11-23T09:59:59-03:00" });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error).toMatchObject({ code: "CHECKIN_TOO_LATE", message: serverMessages.checkInMadeAtTooOld });
    expect(await checkInsOf(person.userId)).toHaveLength(0);
    const onTime = await checkIn(person, { mood: 3, madeAt: "2026-11-23T10:00:00-03:00" });
    expect(onTime.statusCode).toBe(201);
    expect(onTime.json().checkIn.day).toBe("2026-11-23");
  });

  it("refuses a moment in the future with 422, but lets a clock a few minutes ahead count as now", async () => {
    const person = await signedInPerson(t.app, t.db);
    clock.set("2026-11-25T23:58:00-03:00");
    const future = await checkIn(person, { mood: 3, madeAt: "2026-11-26T00:30:00-03:00" });
    expect(future.statusCode).toBe(422);
    expect(future.json().error.message).toBe(serverMessages.checkInMadeAtFuture);
    // Two minutes ahead crosses midnight on the phone, not on the server: recorded for the 25th, now.
    const ahead = await checkIn(person, { mood: 3, madeAt: "2026-11-26T00:01:00-03:00" });
    expect(ahead.statusCode).toBe(201);
    expect(ahead.json().checkIn.day).toBe("2026-11-25");
    expect(new Date(ahead.json().checkIn.completedAt).toISOString()).toBe("2026-11-26T02:58:00.000Z");
  });

  it("refuses a malformed moment in pt-BR with 400", async () => {
    const person = await signedInPerson(t.app, t.db);
    clock.set("2026-11-22T09:00:00-03:00");
    for (const madeAt of ["ontem", "2026-11-22", "2026-11-22T09:00:00", 1763812800000]) {
      const response = await checkIn(person, { mood: 3, madeAt });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(checkInMessages.checkInMadeAtInvalid);
    }
    expect(await checkInsOf(person.userId)).toHaveLength(0);
  });

  it("records one row when the same offline check-in is sent twice at once (a retried queue)", async () => {
    const person = await signedInPerson(t.app, t.db);
    clock.set("2026-11-22T20:00:00-03:00");
    const payload = { mood: 2, madeAt: "2026-11-22T08:00:00-03:00" };
    const responses = await Promise.all(Array.from({ length: 5 }, () => checkIn(person, payload)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await checkInsOf(person.userId)).toHaveLength(1);
    expect(await xpOf(person.userId)).toBe(50);
  });
});
