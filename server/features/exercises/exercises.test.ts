import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exerciseLockedMessage } from "#core/exercise-messages.ts";
import { exerciseCategories } from "#core/exercises.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { serverMessages } from "#core/server-messages.ts";
import { profiles } from "#server/db/schema/index.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T09:00:00-03:00");
let catalogue: Exercise[];
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const person = await signedInPerson(t.app, t.db);
  catalogue = (await person.as({ method: "GET", url: "/api/exercises" })).json();
});
afterAll(() => t.close());

const firstAt = (level: number) => catalogue.find((exercise) => exercise.requiredLevel === level) as Exercise;

describe("the library", () => {
  it("holds the starter catalogue: 50+ exercises in the five categories, levels 1 to 15, ordered by level", () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(50);
    expect(new Set(catalogue.map((e) => e.category))).toEqual(new Set(exerciseCategories));
    expect(new Set(catalogue.map((e) => e.requiredLevel)).size).toBe(15);
    const levels = catalogue.map((e) => e.requiredLevel);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    for (const exercise of catalogue) {
      expect(exercise.xpReward).toBeGreaterThanOrEqual(10);
      expect(exercise.xpReward).toBeLessThanOrEqual(50);
      expect(exercise.steps?.length).toBeGreaterThanOrEqual(4);
    }
  });

  it("marks what is above a level-1 member as locked", () => {
    expect(firstAt(1).locked).toBe(false);
    expect(firstAt(2).locked).toBe(true);
  });

  it("offers up to 3 quick level-1 exercises", async () => {
    const person = await signedInPerson(t.app, t.db);
    const quick: Exercise[] = (await person.as({ method: "GET", url: "/api/exercises/quick" })).json();
    expect(quick).toHaveLength(3);
    expect(quick.every((e) => e.requiredLevel === 1)).toBe(true);
  });

  it("is for signed-in people only", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/exercises" })).statusCode).toBe(401);
  });
});

describe("completing an exercise", () => {
  it("awards the exercise's XP, decided by the server", async () => {
    const person = await signedInPerson(t.app, t.db);
    const exercise = firstAt(1);
    const response = await person.as({ method: "POST", url: `/api/exercises/${exercise.id}/complete`, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      xpEarned: exercise.xpReward,
      xpAwarded: true,
      xp: exercise.xpReward,
      engagementPoints: exercise.xpReward,
      message: serverMessages.exerciseCompleted,
    });
  });

  it("refuses a client-sent XP", async () => {
    const person = await signedInPerson(t.app, t.db);
    const response = await person.as({
      method: "POST",
      url: `/api/exercises/${firstAt(1).id}/complete`,
      payload: { xp_earned: 1000 },
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(row?.xp).toBe(0);
  });

  it("answers a repeat on the same day without XP and writes no row (docs/decisions/018); the next day it pays again", async () => {
    const person = await signedInPerson(t.app, t.db);
    const exercise = firstAt(1);
    const url = `/api/exercises/${exercise.id}/complete`;
    clock.set("2026-11-22T10:00:00-03:00");
    await person.as({ method: "POST", url, payload: {} });
    const repeat = await person.as({ method: "POST", url, payload: {} });
    expect(repeat.json()).toMatchObject({
      xpEarned: 0,
      xpAwarded: false,
      xp: exercise.xpReward,
      message: serverMessages.exerciseRepeated,
    });
    for (let i = 0; i < 5; i++) await person.as({ method: "POST", url, payload: {} });
    const progress = await person.as({ method: "GET", url: "/api/progress" });
    expect(progress.json().exercisesCompleted).toBe(1);
    clock.set("2026-11-23T10:00:00-03:00");
    const nextDay = await person.as({ method: "POST", url, payload: {} });
    expect(nextDay.json()).toMatchObject({ xpAwarded: true, xp: exercise.xpReward * 2 });
  });

  it("says which exercises the person finished today, in the library and the quick picks, until their day ends", async () => {
    const person = await signedInPerson(t.app, t.db);
    const other = await signedInPerson(t.app, t.db);
    clock.set("2026-11-22T23:30:00-03:00");
    const quick: Exercise[] = (await person.as({ method: "GET", url: "/api/exercises/quick" })).json();
    const done = quick[0] as Exercise;
    expect(quick.every((e) => e.completedToday === false)).toBe(true);
    await person.as({ method: "POST", url: `/api/exercises/${done.id}/complete`, payload: {} });

    const library: Exercise[] = (await person.as({ method: "GET", url: "/api/exercises" })).json();
    expect(library.filter((e) => e.completedToday).map((e) => e.id)).toEqual([done.id]);
    const quickAfter: Exercise[] = (await person.as({ method: "GET", url: "/api/exercises/quick" })).json();
    expect(quickAfter.find((e) => e.id === done.id)?.completedToday).toBe(true);
    const othersLibrary: Exercise[] = (await other.as({ method: "GET", url: "/api/exercises" })).json();
    expect(othersLibrary.some((e) => e.completedToday)).toBe(false);

    clock.set("2026-11-23T00:30:00-03:00");
    const nextDay: Exercise[] = (await person.as({ method: "GET", url: "/api/exercises" })).json();
    expect(nextDay.some((e) => e.completedToday)).toBe(false);
  });

  it("never awards twice under simultaneous completions", async () => {
    clock.set("2026-11-25T10:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    const exercise = firstAt(1);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        person.as({ method: "POST", url: `/api/exercises/${exercise.id}/complete`, payload: {} }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(responses.filter((r) => r.json().xpAwarded)).toHaveLength(1);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(row?.xp).toBe(exercise.xpReward);
  });

  it("refuses a locked exercise on the server, and opens it once the level is reached", async () => {
    const person = await signedInPerson(t.app, t.db);
    const locked = firstAt(3);
    const refused = await person.as({ method: "POST", url: `/api/exercises/${locked.id}/complete`, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(exerciseLockedMessage(3));
    await t.db.update(profiles).set({ xp: 200 }).where(eq(profiles.userId, person.userId));
    const allowed = await person.as({ method: "POST", url: `/api/exercises/${locked.id}/complete`, payload: {} });
    expect(allowed.statusCode).toBe(200);
  });

  it("answers an unknown or malformed id with a pt-BR 404/400", async () => {
    const person = await signedInPerson(t.app, t.db);
    const unknown = await person.as({
      method: "POST",
      url: "/api/exercises/00000000-0000-4000-8000-000000000000/complete",
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(serverMessages.exerciseNotFound);
    const malformed = await person.as({ method: "POST", url: "/api/exercises/abc/complete", payload: {} });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(serverMessages.exerciseNotFound);
  });
});
