import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderDueDay } from "#core/reminders.ts";
import { defaultNotificationPreferences } from "#core/schemas/me.ts";
import { jobs, profiles } from "#server/db/schema/index.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { companyWithManager, createPerson, signedInPerson } from "#tests/api/sessions.ts";
import { linkIn } from "#tests/api/smtp-sink.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";
import { sweepReminders } from "./reminders.ts";

let t: TestApp;
let companyId: string;
const clock = testClock("2026-11-23T08:00:00-03:00"); // a Monday in São Paulo
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  companyId = (await companyWithManager(t.app, t.db)).company.id;
});
afterAll(() => t.close());

const definitions = () => t.app.deps.jobs;

/**
 * What an app process does on its polls at `at` (São Paulo wall time): every due job, however many. The clock
 * jumps days at a time here, so a tick meets each day's sweeps of every feature, more than one poll's 50.
 */
async function tick(at: string, workerId?: string) {
  clock.set(at);
  await scheduleDailyJobs(t.db, definitions(), clock.now());
  const total = { finished: 0, failed: 0 };
  for (;;) {
    const ran = await runDueJobs({ db: t.db, definitions: definitions(), now: clock.now(), workerId });
    total.finished += ran.finished;
    total.failed += ran.failed;
    if (ran.finished + ran.failed === 0) return total;
  }
}

const mailsTo = (email: string) => t.mails.filter((mail) => mail.to === email);

async function member(preferences?: Record<string, unknown>) {
  const person = await signedInPerson(t.app, t.db, { companyId });
  if (preferences) {
    const response = await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: preferences },
    });
    expect(response.statusCode).toBe(200);
  }
  return person;
}

describe("check-in reminders", () => {
  it("sends exactly one e-mail on the day, from 09:30, with no health data and a one-click unsubscribe", async () => {
    const person = await member();
    await tick("2026-11-23T09:29:00-03:00");
    expect(mailsTo(person.email)).toHaveLength(0);
    for (const at of ["09:30", "09:31", "09:45", "10:10", "10:40"]) await tick(`2026-11-23T${at}:00-03:00`);
    const sent = mailsTo(person.email);
    expect(sent).toHaveLength(1);
    const mail = sent[0] as (typeof sent)[number];
    expect(mail.subject).toBe("Seu lembrete de check-in no Sereno");
    expect(mail.text).toContain("porque ativou os lembretes de check-in (de segunda a sexta, às 09:30)");
    expect(mail.text).not.toMatch(/humor|Muito Baixo|Ótimo/);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?lista=lembretes&/);
    // The next day is a new day.
    await tick("2026-11-24T09:35:00-03:00");
    expect(mailsTo(person.email)).toHaveLength(2);
  });

  it("sends none after the member checked in that day", async () => {
    const person = await member();
    clock.set("2026-11-25T08:10:00-03:00");
    const checkIn = await person.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } });
    expect(checkIn.statusCode).toBe(201);
    await tick("2026-11-25T09:30:00-03:00");
    await tick("2026-11-25T10:00:00-03:00");
    expect(mailsTo(person.email)).toHaveLength(0);
  });

  it("sends none with 'E-mail' or 'Lembretes' off, nor on a day not chosen", async () => {
    const noEmail = await member({ email: false });
    const noReminders = await member({ reminders: false });
    const mondaysOnly = await member({ reminderDays: [1] });
    await tick("2026-11-26T09:40:00-03:00"); // a Thursday
    for (const person of [noEmail, noReminders, mondaysOnly]) expect(mailsTo(person.email)).toHaveLength(0);
  });

  it("never sends in the quiet hours, even when the job runs late", async () => {
    const person = await member({ reminderTime: "19:45" });
    clock.set("2026-11-26T19:59:00-03:00");
    expect((await sweepReminders(t.db, clock.now())).enqueued).toBeGreaterThan(0);
    // The runner only gets to it at 20:01, inside the quiet hours (20:00–08:00).
    await runDueJobs({ db: t.db, definitions: definitions(), now: new Date("2026-11-26T20:01:00-03:00") });
    expect(mailsTo(person.email)).toHaveLength(0);
  });

  it("refuses a reminder time inside the quiet hours, in pt-BR, and saves nothing", async () => {
    const person = await member();
    const response = await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminderTime: "21:00", reminders: false } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      "O horário do lembrete está dentro do seu horário de silêncio. Escolha outro horário ou ajuste o silêncio.",
    );
    const me = (await person.as({ method: "GET", url: "/api/me" })).json();
    expect(me.notificationPreferences).toMatchObject({ reminderTime: "09:30", reminders: true });
    const bad = await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminderTime: "25:00" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Informe um horário no formato HH:MM");
  });

  it("sends at the member's time in the member's time zone", async () => {
    const person = await member();
    await t.db.execute(sql`UPDATE profiles SET timezone = 'America/Manaus' WHERE user_id = ${person.userId}`);
    await tick("2026-11-27T09:30:00-03:00"); // 08:30 in Manaus
    expect(mailsTo(person.email)).toHaveLength(0);
    await tick("2026-11-27T10:31:00-03:00"); // 09:31 in Manaus
    expect(mailsTo(person.email)).toHaveLength(1);
  });

  it("sends once in New York on the days the clocks change, quiet hours still kept (docs/decisions/029)", async () => {
    const inNewYork = async (preferences: Record<string, unknown>) => {
      const person = await member({ reminderDays: [0, 1, 2, 3, 4, 5, 6], ...preferences });
      await t.db.execute(sql`UPDATE profiles SET timezone = 'America/New_York' WHERE user_id = ${person.userId}`);
      return person;
    };
    // 8 March 2026: 02:00 EST jumps to 03:00 EDT at 07:00 UTC; a 02:00 reminder goes out from 03:00.
    const skipped = await inNewYork({ reminderTime: "02:00", quietStart: "22:00", quietEnd: "01:00" });
    // A 02:30 reminder just before quiet hours from 03:00 lands inside them that day: nothing.
    const intoQuiet = await inNewYork({ reminderTime: "02:30", quietStart: "03:00", quietEnd: "07:00" });
    await tick("2026-03-08T06:59:00Z");
    expect(mailsTo(skipped.email)).toHaveLength(0);
    for (const at of ["07:00", "07:30", "07:59"]) await tick(`2026-03-08T${at}:00Z`);
    expect(mailsTo(skipped.email)).toHaveLength(1);
    expect(mailsTo(intoQuiet.email)).toHaveLength(0);
    await tick("2026-03-09T06:30:00Z"); // an ordinary day: 02:30 EDT
    expect(mailsTo(intoQuiet.email)).toHaveLength(1);

    // 1 November 2026: 01:30 comes twice (05:30 and 06:30 UTC); the first one sends, the second does not.
    const repeated = await inNewYork({ reminderTime: "01:30", quietStart: "22:00", quietEnd: "01:00" });
    await tick("2026-11-01T05:29:00Z");
    expect(mailsTo(repeated.email)).toHaveLength(0);
    for (const at of ["05:30", "06:00", "06:30", "07:00"]) await tick(`2026-11-01T${at}:00Z`);
    expect(mailsTo(repeated.email)).toHaveLength(1);
  });

  it("sends none after unsubscribing through the link, which needs no sign-in", async () => {
    const person = await member();
    await tick("2026-11-30T09:30:00-03:00");
    const [mail] = mailsTo(person.email);
    const page = linkIn(mail?.text ?? "", "/descadastrar");
    const query = new URL(page).search;
    // A browser opening the header's URL lands on the confirmation page.
    const opened = await t.app.inject({ method: "GET", url: `/api/unsubscribe${query}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/descadastrar${query}`);
    const forged = await t.app.inject({
      method: "POST",
      url: `/api/unsubscribe${query.replace(/t=[^&]+/, "t=forjado")}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toContain("Este link de descadastro não é válido");
    // What a mail client does with List-Unsubscribe-Post (RFC 8058).
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/api/unsubscribe${query}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_ORIGIN },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.notificationPreferences).toMatchObject({ reminders: false, email: true });
    await tick("2026-12-01T09:30:00-03:00");
    expect(mailsTo(person.email)).toHaveLength(1);
  });

  it("two runners on one database send each reminder once", async () => {
    const people = await Promise.all([member(), member(), member()]);
    clock.set("2026-12-02T09:32:00-03:00");
    await scheduleDailyJobs(t.db, definitions(), clock.now());
    await Promise.all(
      ["a", "b"].map((workerId) =>
        Promise.all([
          sweepReminders(t.db, clock.now()),
          runDueJobs({ db: t.db, definitions: definitions(), now: clock.now(), workerId }),
        ]),
      ),
    );
    await runDueJobs({ db: t.db, definitions: definitions(), now: clock.now(), workerId: "c" });
    for (const person of people) expect(mailsTo(person.email)).toHaveLength(1);
  });

  it("retries a reminder whose process died before sending, and never sends one that may have gone", async () => {
    const [notSent, maybeSent] = [await member(), await member()];
    clock.set("2026-12-03T09:30:00-03:00");
    await sweepReminders(t.db, clock.now());
    // A process took both and died (kill -9): one before sending, one after marking the send.
    await t.db.execute(sql`
      UPDATE jobs SET locked_by = 'morto', locked_until = ${new Date("2026-12-03T09:35:00-03:00").toISOString()}::timestamptz,
        attempts = 1
      WHERE name = 'reminder' AND key LIKE '%|2026-12-03'`);
    await t.db.execute(sql`
      UPDATE jobs SET payload = payload || '{"sendingAt": "2026-12-03T12:30:00Z"}'::jsonb
      WHERE name = 'reminder' AND key = ${`${maybeSent.userId}|2026-12-03`}`);
    await runDueJobs({ db: t.db, definitions: definitions(), now: new Date("2026-12-03T09:33:00-03:00") });
    expect(mailsTo(notSent.email)).toHaveLength(0); // the lease still holds
    await runDueJobs({ db: t.db, definitions: definitions(), now: new Date("2026-12-03T09:36:00-03:00") });
    expect(mailsTo(notSent.email)).toHaveLength(1);
    expect(mailsTo(maybeSent.email)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${notSent.userId}|2026-12-03`));
    expect(row?.attempts).toBe(2);
    expect(row?.finishedAt).not.toBeNull();
  });

  it("the sweep's query passes over no one core's rule finds due, on ordinary days and the days clocks change", async () => {
    // The database narrows the sweep down (reminders.ts, mayBeDueSql) and core decides: a person it
    // wrongly left out would get no reminder that day. Zones with a one-hour, a half-hour and no change.
    const zones = ["America/Sao_Paulo", "America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe"];
    const times = ["00:30", "01:00", "01:30", "02:00", "02:30", "03:00", "09:30", "23:45"];
    const people: Array<{ userId: string; timezone: string; preferences: typeof defaultNotificationPreferences }> = [];
    for (const timezone of zones) {
      for (const reminderTime of times) {
        const { userId } = await createPerson(t.db, { companyId });
        const preferences = {
          ...defaultNotificationPreferences,
          reminderTime,
          reminderDays: [0, 1, 2, 3, 4, 5, 6],
          quietStart: "00:00",
          quietEnd: "00:00",
        };
        await t.db
          .update(profiles)
          .set({ timezone, notificationPreferences: preferences })
          .where(eq(profiles.userId, userId));
        people.push({ userId, timezone, preferences });
      }
    }
    const ids = people.map((person) => person.userId);
    // Each zone's changes in 2026, an ordinary day, every 35 minutes around the clock: a step prime to the
    // chosen times' half hours, so each person's 60-minute window is met at shifting minutes.
    const days = ["2026-03-08", "2026-03-29", "2026-04-05", "2026-10-04", "2026-10-25", "2026-11-01", "2026-11-24"];
    for (const day of days) {
      for (let minute = -12 * 60; minute < 36 * 60; minute += 35) {
        const now = new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000);
        const due = people.filter((person) => reminderDueDay({ ...person, lastCheckInDay: null }, now) !== null);
        await sweepReminders(t.db, now);
        const enqueued = await t.db
          .select({ key: jobs.key })
          .from(jobs)
          .where(and(eq(jobs.name, "reminder"), inArray(sql`split_part(${jobs.key}, '|', 1)`, ids)));
        expect(enqueued.map((job) => job.key.split("|")[0]).sort(), now.toISOString()).toEqual(
          due.map((person) => person.userId).sort(),
        );
        await t.db.delete(jobs).where(eq(jobs.name, "reminder"));
      }
    }
    // About 600 sweeps: minutes on a loaded machine.
  }, 300_000);
});
