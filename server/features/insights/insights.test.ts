import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;
const checkIn = (person: Person, mood: number, notes?: string) =>
  person.as({ method: "POST", url: "/api/check-ins", payload: { mood, notes } });

describe("team figures", () => {
  it("withholds the mood below 5 respondents and shows it from 5, with participation always", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const members: Person[] = [];
    for (let i = 0; i < 6; i++) members.push(await signedInPerson(t.app, t.db, { companyId: company.id }));
    for (const [i, member] of members.slice(0, 4).entries()) await checkIn(member, [1, 2, 4, 5][i] as number);

    let summary = (await manager.as({ method: "GET", url: "/api/team/summary" })).json();
    expect(summary).toMatchObject({
      totalMembers: 7,
      checkInsToday: 4,
      respondents7d: 4,
      averageMood7d: null,
      minGroup: 5,
    });
    expect(summary.participation7d).toBeCloseTo((4 / (7 * 7)) * 100, 0);

    await checkIn(members[4] as Person, 3);
    summary = (await manager.as({ method: "GET", url: "/api/team/summary" })).json();
    expect(summary.averageMood7d).toBe(3);
    expect(summary.activities[0].text).toBe("5 check-ins realizados em 22/11/2026");
  });

  it("reports a period with its real number of days, daily series withheld below the group, and 5 distinct people over days", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const members: Person[] = [];
    for (let i = 0; i < 5; i++) members.push(await signedInPerson(t.app, t.db, { companyId: company.id }));
    // Each person answers on a different day: no single day reaches 5, the period does.
    for (const [i, member] of members.entries()) {
      clock.set(`2026-11-${String(15 + i).padStart(2, "0")}T09:00:00-03:00`);
      await checkIn(member, 4);
    }
    clock.set("2026-11-22T10:00:00-03:00");
    const week = (await manager.as({ method: "GET", url: "/api/reports?period=7d" })).json();
    expect(week).toMatchObject({ days: 7, from: "2026-11-16", to: "2026-11-22", checkIns: 4, members: 6 });
    expect(week.averageMood).toBeNull(); // 4 people in these 7 days
    expect(week.series).toHaveLength(7);
    expect(week.series.every((d: { averageMood: number | null }) => d.averageMood === null)).toBe(true);

    const month = (await manager.as({ method: "GET", url: "/api/reports?period=30d" })).json();
    expect(month).toMatchObject({ days: 30, checkIns: 5, averageMood: 4 });
    expect(month.participation).toBeCloseTo((5 / (6 * 30)) * 100, 1);

    expect((await manager.as({ method: "GET", url: "/api/reports?period=90d" })).json().days).toBe(90);
    expect((await manager.as({ method: "GET", url: "/api/reports?period=ytd" })).json()).toMatchObject({
      from: "2026-01-01",
      days: 326,
    });
    const bad = await manager.as({ method: "GET", url: "/api/reports?period=365d" });
    expect(bad.statusCode).toBe(400);
  });

  it("counts exercises in the reports", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const [exercise] = (await member.as({ method: "GET", url: "/api/exercises/quick" })).json();
    await member.as({ method: "POST", url: `/api/exercises/${exercise.id}/complete`, payload: {} });
    await member.as({ method: "POST", url: `/api/exercises/${exercise.id}/complete`, payload: {} });
    const report = (await manager.as({ method: "GET", url: "/api/reports?period=7d" })).json();
    expect(report.exercisesCompleted).toBe(2);
  });
});

describe("the privacy promise", () => {
  it("no manager or admin response carries a person's mood or any note", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const secrets: string[] = [];
    for (let i = 0; i < 7; i++) {
      const member = await signedInPerson(t.app, t.db, { companyId: company.id, name: `Pessoa Privada ${i}` });
      const note = `NOTA-SECRETA-${i}-${Math.random().toString(36).slice(2)}`;
      secrets.push(note);
      for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
        clock.set(`${day}T0${i}:30:00-03:00`);
        await checkIn(member, (i % 5) + 1, note);
      }
    }
    clock.set("2026-11-22T10:00:00-03:00");
    const q = `companyId=${company.id}`;
    const responses = [
      await manager.as({ method: "GET", url: "/api/team" }),
      await manager.as({ method: "GET", url: "/api/team/summary" }),
      await manager.as({ method: "GET", url: "/api/companies" }),
      ...(await Promise.all(
        ["7d", "30d", "90d", "ytd"].map((p) => manager.as({ method: "GET", url: `/api/reports?period=${p}` })),
      )),
      await admin.as({ method: "GET", url: "/api/admin/companies" }),
      await admin.as({ method: "GET", url: `/api/team?${q}` }),
      await admin.as({ method: "GET", url: `/api/team/summary?${q}` }),
      await admin.as({ method: "GET", url: `/api/reports?period=30d&${q}` }),
    ];
    const forbiddenKeys = new Set(["mood", "notes", "moodSum", "mood_sum"]);
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
      } else if (value && typeof value === "object") {
        for (const [key, child] of Object.entries(value)) {
          expect(forbiddenKeys.has(key), `${path}.${key}`).toBe(false);
          walk(child, `${path}.${key}`);
        }
      }
    };
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
      walk(response.json(), response.raw.req?.url ?? "response");
    }
    // Mood figures only ever appear as averages over at least 5 respondents.
    const summary = responses[1]?.json();
    expect(summary.respondents7d).toBeGreaterThanOrEqual(5);
    const report = responses[3]?.json();
    for (const day of report.series) {
      if (day.averageMood !== null) expect(day.checkIns).toBeGreaterThanOrEqual(5);
    }
  });
});
