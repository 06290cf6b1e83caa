import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Activity } from "#core/schemas/progress.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

describe("progress and activities", () => {
  it("computes the streak, the exercises done, and lists the caller's own latest activities", async () => {
    const person = await signedInPerson(t.app, t.db);
    const other = await signedInPerson(t.app, t.db);
    const exercises = (await person.as({ method: "GET", url: "/api/exercises/quick" })).json();
    for (const day of ["2026-11-18", "2026-11-20", "2026-11-21", "2026-11-22"]) {
      clock.set(`${day}T08:00:00-03:00`);
      await person.as({ method: "POST", url: "/api/check-ins", payload: { mood: 3 } });
    }
    clock.set("2026-11-22T09:00:00-03:00");
    await person.as({ method: "POST", url: `/api/exercises/${exercises[0].id}/complete`, payload: {} });
    await other.as({ method: "POST", url: "/api/check-ins", payload: { mood: 1 } });

    const progress = (await person.as({ method: "GET", url: "/api/progress" })).json();
    // 4 × 50, plus the streak bonus of the 21st (+10) and the 22nd (+20) (docs/decisions/023).
    expect(progress).toMatchObject({ streak: 3, exercisesCompleted: 1, xp: 200 + 30 + exercises[0].xpReward });

    clock.set("2026-11-23T07:00:00-03:00"); // today not done yet: the streak holds until the day ends
    expect((await person.as({ method: "GET", url: "/api/progress" })).json().streak).toBe(3);
    clock.set("2026-11-24T07:00:00-03:00");
    expect((await person.as({ method: "GET", url: "/api/progress" })).json().streak).toBe(0);

    const activities: Activity[] = (await person.as({ method: "GET", url: "/api/activities" })).json();
    expect(activities).toHaveLength(5);
    expect(activities[0]).toMatchObject({ kind: "exercise", xpEarned: exercises[0].xpReward });
    expect(activities[1]).toMatchObject({ kind: "check_in", title: "Check-in diário", xpEarned: 70 }); // 50 + the 3rd day's +20 (docs/decisions/023)
    expect(JSON.stringify(activities)).not.toMatch(/mood/);
  });

  it("caps the activities at 10", async () => {
    const person = await signedInPerson(t.app, t.db);
    for (let day = 1; day <= 12; day++) {
      clock.set(`2026-10-${String(day).padStart(2, "0")}T08:00:00-03:00`);
      await person.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } });
    }
    const activities: Activity[] = (await person.as({ method: "GET", url: "/api/activities" })).json();
    expect(activities).toHaveLength(10);
    expect(activities[0]?.completedAt).toContain("2026-10-12");
  });
});
