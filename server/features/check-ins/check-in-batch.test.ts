/**
 * Check-ins that arrive together share one statement (docs/decisions/021):
 * each still gets its own answer, award and rules, as if it were alone.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { checkInAward } from "#core/streak.ts";
import { companyDailyStats, profiles, session } from "#server/db/schema/index.ts";
import { moodCheckInsOf, openedApp } from "#tests/api/check-ins.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { insertCheckInOnce } from "./insert-check-in.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;
const checkIn = (person: Person, mood = 4) => person.as({ method: "POST", url: "/api/check-ins", payload: { mood } });
const checkInsOf = (userId: string) => moodCheckInsOf(t.db, userId);
const counted = async (companyId: string, day: string) =>
  (await t.db.select().from(companyDailyStats).where(eq(companyDailyStats.companyId, companyId)))
    .filter((row) => row.day === day)
    .reduce((sum, row) => sum + row.checkIns, 0);

describe("check-ins sent at the same moment", () => {
  it("give each person their own award, and the company's day counts every one", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const people: Person[] = [];
    for (let i = 0; i < 12; i++) people.push(await signedInPerson(t.app, t.db, { companyId: company.id }));
    // A third of them checked in yesterday: their streak bonus is decided per person in the shared statement.
    clock.set("2026-11-21T09:00:00-03:00");
    const onARun = people.filter((_, i) => i % 3 === 0);
    for (const person of onARun) expect((await checkIn(person)).statusCode).toBe(201);
    for (const person of people.slice(0, 6)) await openedApp(person); // half remembered, half read from the database

    clock.set("2026-11-22T09:00:00-03:00");
    const responses = await Promise.all(people.map((person, i) => checkIn(person, 1 + (i % 5))));
    for (const [i, response] of responses.entries()) {
      const person = people[i] as Person;
      const award = checkInAward(onARun.includes(person) ? 1 : 0);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        checkIn: { day: "2026-11-22", mood: 1 + (i % 5), xpEarned: award.total },
      });
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
      expect(response.json().xp).toBe(profile?.xp);
      expect(profile?.xp).toBe(award.total + (onARun.includes(person) ? checkInAward(0).total : 0));
    }
    expect(await counted(company.id, "2026-11-22")).toBe(12);
    expect(checkInAward(1).total).toBeGreaterThan(checkInAward(0).total); // the bonus is really there to tell apart
  });

  it("records one check-in and one award for a person sending twice among others, and answers 409 to the second", async () => {
    clock.set("2026-11-22T10:00:00-03:00");
    const { company } = await companyWithManager(t.app, t.db);
    const twice = await signedInPerson(t.app, t.db, { companyId: company.id });
    const others = [
      await signedInPerson(t.app, t.db, { companyId: company.id }),
      await signedInPerson(t.app, t.db, { companyId: company.id }),
    ];
    await openedApp(twice);
    const [first, second, ...rest] = await Promise.all([
      checkIn(twice, 2),
      checkIn(twice, 5),
      ...others.map((o) => checkIn(o)),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
    expect([first, second].find((r) => r?.statusCode === 409)?.json().error.message).toBe(
      serverMessages.checkInAlreadyDone,
    );
    for (const response of rest) expect(response.statusCode).toBe(201);
    expect(await checkInsOf(twice.userId)).toHaveLength(1);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, twice.userId));
    expect(profile?.xp).toBe(checkInAward(0).total);
    expect(await counted(company.id, "2026-11-22")).toBe(3);
  });

  it("writes nothing for a remembered caller whose session ended, while the others' check-ins go in", async () => {
    clock.set("2026-11-22T11:00:00-03:00");
    const gone = await signedInPerson(t.app, t.db);
    const staying = await signedInPerson(t.app, t.db);
    await openedApp(gone);
    await openedApp(staying);
    await t.db.delete(session).where(eq(session.userId, gone.userId));
    const [refused, accepted] = await Promise.all([checkIn(gone), checkIn(staying)]);
    expect(refused.statusCode).toBe(401);
    expect(accepted.statusCode).toBe(201);
    expect(await checkInsOf(gone.userId)).toEqual([]);
    expect(await checkInsOf(staying.userId)).toHaveLength(1);
  });

  it("keeps the others' check-ins when one of the batch cannot be written", async () => {
    const people = [await signedInPerson(t.app, t.db), await signedInPerson(t.app, t.db)];
    const at = new Date("2026-11-22T12:00:00-03:00");
    const input = (userId: string) => ({ userId, companyId: null, mood: 3, notes: null, at, day: "2026-11-22" });
    // No such account: the foreign key refuses it, and with it the statement the batch shared.
    const results = await Promise.allSettled([
      insertCheckInOnce(t.db, input(people[0]?.userId as string)),
      insertCheckInOnce(t.db, input("no-such-person")),
      insertCheckInOnce(t.db, input(people[1]?.userId as string)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    for (const person of people) expect(await checkInsOf(person.userId)).toHaveLength(1);
    expect(await checkInsOf("no-such-person")).toEqual([]);
  });
});
