/**
 * Booking, cancelling and rescheduling as rules (docs/decisions/025): each refusal with its pt-BR message,
 * and after it no appointment, credit entry, reminder or e-mail left behind; only the member who booked
 * may touch an appointment; reminders that follow a moved session and go once; a mail server that is
 * down never undoing a booking; the credits of a cycle, and a change of rule from the next cycle.
 */
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { careTexts } from "#core/care-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { appointments, careSettings, creditLedger, jobs } from "#server/db/schema/index.ts";
import { type Mail, trackingMailer } from "#server/mail/mailer.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { book, cancel, creditsOf, reschedule, runCareJobs, slotsOn, sp } from "#tests/api/care-calls.ts";
import { icsTimes } from "#tests/api/ics.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

// Sunday 22 November 2026, noon in São Paulo; the psychologist sees people on weekdays at 09:00, 10:00 and 11:00.
const START = "2026-11-22T12:00:00-03:00";
const clock = testClock(START);
let t: TestApp;
let careMailDown = false;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let admin: Person;
let company: Awaited<ReturnType<typeof companyWithManager>>;
let psi: Awaited<ReturnType<typeof verifiedPsychologist>>;
let member: Person;
let neighbour: Person;

/** Everything a booking writes for a person: a refused one must leave all of it as it was. */
async function footprint(person: Person) {
  const rows = await t.db.select().from(appointments).where(eq(appointments.memberId, person.userId));
  const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, person.userId));
  const reminders = await t.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.name, "care-reminder"));
  return {
    appointments: rows.map((row) => `${row.id} ${row.status} ${row.startsAt.toISOString()} ${row.sequence}`).sort(),
    ledger: ledger.map((row) => `${row.kind} ${row.amount} ${row.appointmentId}`).sort(),
    reminders: reminders.map((row) => row.key).sort(),
    mails: t.mails.filter((mail) => mail.to === person.email).length,
  };
}

const errorOf = (response: { json: () => { error: { message: string } } }) => response.json().error.message;
/** The mails about one calendar event (the appointment's id, kept as the UID across reschedules). */
const aboutEvent = (uid: string) => (mail: Mail) => mail.icalEvent?.content.includes(`UID:${uid}@localhost`) ?? false;
const REMINDER = "Lembrete: Compromisso Sereno";

beforeAll(async () => {
  // The appointment mails fail while `careMailDown`; every other mail (the invitations) goes through.
  const mailer = trackingMailer(async (mail) => {
    if (careMailDown && mail.subject.startsWith("Compromisso")) throw new Error("SMTP fora do ar");
    t.mails.push(mail);
  });
  t = await createTestApp({ now: clock.now, mailer });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  company = await companyWithManager(t.app, t.db);
  await t.db.insert(careSettings).values({ companyId: company.company.id, sessionsPerCycle: 20, cycle: "month" });
  psi = await verifiedPsychologist(t, admin.as);
  [member, neighbour] = await Promise.all([
    signedInPerson(t.app, t.db, { companyId: company.company.id }),
    signedInPerson(t.app, t.db, { companyId: company.company.id }),
  ]);
  // The cycle's grant is written on the first read: footprints compare what comes after it.
  await Promise.all([creditsOf(member.as), creditsOf(neighbour.as)]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => clock.set(START));

describe("a booking refused", () => {
  it("for bad input answers a pt-BR 400 or 404 and leaves nothing behind", async () => {
    const before = await footprint(member);
    const startsAt = sp("2026-11-23", "09:00");
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ psychologistId: psi.id, startsAt }, 400, careTexts.termsRequired],
      [{ psychologistId: psi.id, startsAt, acceptTerms: false }, 400, careTexts.termsRequired],
      [{ psychologistId: psi.id, startsAt: "segunda às 9h", acceptTerms: true }, 400, careTexts.slotInvalid],
      // A time without its offset would be read in the server's zone: refused, not guessed.
      [{ psychologistId: psi.id, startsAt: "2026-11-23T09:00:00", acceptTerms: true }, 400, careTexts.slotInvalid],
      [{ psychologistId: "psi-1", startsAt, acceptTerms: true }, 400, careTexts.psychologistNotFound],
      [{ psychologistId: randomUUID(), startsAt, acceptTerms: true }, 404, careTexts.psychologistNotFound],
      [{ psychologistId: psi.id, startsAt, acceptTerms: true, memberId: neighbour.userId }, 400, null],
    ];
    for (const [payload, status, message] of cases) {
      const response = await member.as({ method: "POST", url: "/api/care/appointments", payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(errorOf(response)).toBe(message);
    }
    expect(await footprint(member)).toEqual(before);
    expect(await slotsOn(member.as, psi.id, "2026-11-23")).toContain(startsAt);
  });

  it("under 1 h ahead, beyond 28 days or off the grid, as the offered slots already leave out", async () => {
    clock.set("2026-11-23T08:30:00-03:00"); // Monday 08:30: 09:00 is half an hour away
    const page = (await member.as({ url: `/api/care/psychologists/${psi.id}` })).json();
    const offered = page.slots.map((slot: { startsAt: string }) => slot.startsAt);
    expect(offered[0]).toBe(sp("2026-11-23", "10:00"));
    expect(offered.at(-1)).toBe(sp("2026-12-18", "11:00")); // Friday is the last weekday of the 28 days
    const before = await footprint(member);
    const refusals: [string, number, string][] = [
      [sp("2026-11-23", "09:00"), 409, serverMessages.slotTooSoon],
      [sp("2026-11-20", "09:00"), 409, serverMessages.slotTooSoon], // last Friday, on the grid
      [sp("2026-12-21", "09:00"), 400, careTexts.slotInvalid], // on the grid, 28 days and 30 minutes ahead
      [sp("2026-11-28", "09:00"), 400, careTexts.slotInvalid], // a Saturday
      [sp("2026-11-24", "09:50"), 400, careTexts.slotInvalid], // between two sessions
    ];
    for (const [startsAt, status, message] of refusals) {
      const response = await book(member.as, psi.id, startsAt);
      expect(response.statusCode, startsAt).toBe(status);
      expect(errorOf(response)).toBe(message);
    }
    expect(await footprint(member)).toEqual(before);
    // Exactly one hour ahead is enough; one second less is not.
    clock.set("2026-11-23T09:00:01-03:00");
    expect(errorOf(await book(member.as, psi.id, sp("2026-11-23", "10:00")))).toBe(serverMessages.slotTooSoon);
    clock.set("2026-11-23T09:00:00-03:00");
    expect((await book(member.as, psi.id, sp("2026-11-23", "10:00"))).statusCode).toBe(201);
  });

  it("with a psychologist who is suspended, not yet signed up, or whose verification is 12 months old", async () => {
    const listed = async () =>
      ((await member.as({ url: "/api/care/psychologists" })).json() as { id: string }[]).map((card) => card.id);
    const startsAt = sp("2026-11-23", "11:00");
    const expectUnavailable = async (id: string) => {
      expect(await listed()).not.toContain(id);
      expect((await member.as({ url: `/api/care/psychologists/${id}` })).statusCode).toBe(404);
      const refused = await book(member.as, id, startsAt);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(serverMessages.psychologistUnavailable);
    };
    const before = await footprint(member);

    // Verified by the admin but the invitation never accepted: no account, no agenda of their own.
    const invited = await admin.as({
      method: "POST",
      url: "/api/admin/psychologists",
      payload: {
        fullName: "Psicóloga Sem Conta",
        email: `sem-conta-${Date.now()}@exemplo.com.br`,
        crpNumber: "06/654321",
        crpUf: "SP",
        epsiConfirmedOn: "2026-01-10",
      },
    });
    const invitedId = invited.json().id as string;
    expect((await admin.as({ method: "POST", url: `/api/admin/psychologists/${invitedId}/verify` })).statusCode).toBe(
      200,
    );
    await expectUnavailable(invitedId);

    await admin.as({ method: "POST", url: `/api/admin/psychologists/${psi.id}/suspend` });
    await expectUnavailable(psi.id);
    await admin.as({ method: "POST", url: `/api/admin/psychologists/${psi.id}/verify` });
    expect(await listed()).toContain(psi.id);

    // Verified now (22/11/2026 12:00): bookable until the same instant a year later, not from it on.
    clock.set("2027-11-22T11:59:00-03:00");
    expect(await listed()).toContain(psi.id);
    clock.set("2027-11-22T12:00:00-03:00");
    await expectUnavailable(psi.id);
    clock.set(START);
    expect(await footprint(member)).toEqual(before);
  });

  it("when the same member sends it three times at once: one booking, one credit held", async () => {
    const startsAt = sp("2026-11-24", "09:00");
    const available = (await creditsOf(neighbour.as)).available;
    const results = await Promise.all([1, 2, 3].map(() => book(neighbour.as, psi.id, startsAt)));
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of results.filter((result) => result.statusCode === 409)) {
      expect(errorOf(refused)).toBe(serverMessages.slotTaken);
    }
    const rows = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.memberId, neighbour.userId), eq(appointments.startsAt, new Date(startsAt))));
    expect(rows).toHaveLength(1);
    const holds = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.memberId, neighbour.userId), eq(creditLedger.kind, "hold")));
    expect(holds.map((hold) => hold.appointmentId)).toEqual([rows[0]?.id]);
    expect((await creditsOf(neighbour.as)).available).toBe(available - 1);
  });
});

describe("an appointment", () => {
  it("is cancelled or moved only by the member who booked it: a colleague or the manager get 404 and change nothing", async () => {
    const booked = (await book(member.as, psi.id, sp("2026-11-25", "09:00"))).json();
    const before = await footprint(member);
    for (const caller of [neighbour, company.manager]) {
      const cancelled = await cancel(caller.as, booked.id);
      expect(cancelled.statusCode).toBe(404);
      expect(errorOf(cancelled)).toBe(serverMessages.appointmentNotFound);
      const moved = await reschedule(caller.as, booked.id, sp("2026-11-25", "10:00"));
      expect(moved.statusCode).toBe(404);
      expect((await caller.as({ url: "/api/care/appointments" })).body).not.toContain(booked.id);
    }
    expect(await footprint(member)).toEqual(before);
    const badId = await cancel(member.as, "consulta-1");
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId)).toBe(serverMessages.appointmentNotFound);
  });

  it("cannot be cancelled or moved twice, nor once it has begun", async () => {
    const first = (await book(member.as, psi.id, sp("2026-11-26", "09:00"))).json();
    expect((await cancel(member.as, first.id)).statusCode).toBe(200);
    for (const again of [cancel(member.as, first.id), reschedule(member.as, first.id, sp("2026-11-27", "10:00"))]) {
      const response = await again;
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toBe(serverMessages.appointmentNotActive);
    }
    const second = (await book(member.as, psi.id, sp("2026-11-26", "10:00"))).json();
    clock.set(sp("2026-11-26", "10:00"));
    const before = await footprint(member);
    for (const late of [cancel(member.as, second.id), reschedule(member.as, second.id, sp("2026-11-27", "10:00"))]) {
      const response = await late;
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toBe(serverMessages.appointmentStarted);
    }
    expect(await footprint(member)).toEqual(before);
  });

  it("gives its credit back once when the cancellation is sent four times at once", async () => {
    const booked = (await book(neighbour.as, psi.id, sp("2026-11-27", "09:00"))).json();
    const available = (await creditsOf(neighbour.as)).available;
    const results = await Promise.all([1, 2, 3, 4].map(() => cancel(neighbour.as, booked.id)));
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const releases = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.appointmentId, booked.id), eq(creditLedger.kind, "release")));
    expect(releases).toHaveLength(1);
    expect((await creditsOf(neighbour.as)).available).toBe(available + 1);
    const notices = t.mails.filter(
      (mail) => mail.to === neighbour.email && mail.subject === "Compromisso Sereno cancelado",
    );
    expect(notices).toHaveLength(1);
  });

  it("stays as it was, with its credit, reminders and calendar event, when a reschedule is refused", async () => {
    const booked = (await book(member.as, psi.id, sp("2026-11-30", "09:00"))).json();
    expect((await book(neighbour.as, psi.id, sp("2026-11-30", "10:00"))).statusCode).toBe(201);
    const before = await footprint(member);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ startsAt: sp("2026-11-30", "10:00"), acceptTerms: true }, 409, serverMessages.slotTaken],
      [{ startsAt: sp("2026-11-30", "09:30"), acceptTerms: true }, 400, careTexts.slotInvalid],
      [{ startsAt: sp("2026-11-22", "12:30"), acceptTerms: true }, 409, serverMessages.slotTooSoon],
      [{ startsAt: sp("2026-12-28", "09:00"), acceptTerms: true }, 400, careTexts.slotInvalid],
      [{ startsAt: sp("2026-11-30", "11:00") }, 400, careTexts.termsRequired],
    ];
    for (const [payload, status, message] of refusals) {
      const response = await member.as({
        method: "POST",
        url: `/api/care/appointments/${booked.id}/reschedule`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(response)).toBe(message);
    }
    // The psychologist suspended since: the move is refused, the session booked before stays.
    await admin.as({ method: "POST", url: `/api/admin/psychologists/${psi.id}/suspend` });
    const suspended = await reschedule(member.as, booked.id, sp("2026-11-30", "11:00"));
    await admin.as({ method: "POST", url: `/api/admin/psychologists/${psi.id}/verify` });
    expect(suspended.statusCode).toBe(409);
    expect(errorOf(suspended)).toBe(serverMessages.psychologistUnavailable);
    expect(await footprint(member)).toEqual(before);
  });

  it("is moved once when two reschedules race, keeping one session and one credit", async () => {
    const booked = (await book(neighbour.as, psi.id, sp("2026-12-01", "09:00"))).json();
    const available = (await creditsOf(neighbour.as)).available;
    const results = await Promise.all([
      reschedule(neighbour.as, booked.id, sp("2026-12-01", "10:00")),
      reschedule(neighbour.as, booked.id, sp("2026-12-01", "11:00")),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(results.find((result) => result.statusCode === 409) as (typeof results)[number])).toBe(
      serverMessages.appointmentNotActive,
    );
    const winner = (results.find((result) => result.statusCode === 200) as (typeof results)[number]).json();
    const active = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.memberId, neighbour.userId), eq(appointments.status, "booked")));
    expect(active.filter((row) => row.startsAt >= new Date(sp("2026-12-01", "00:00")))).toEqual([
      expect.objectContaining({ id: winner.id, startsAt: new Date(winner.startsAt), rescheduledFrom: booked.id }),
    ]);
    expect((await creditsOf(neighbour.as)).available).toBe(available);
  });

  it("cancelled late under the default rule gives the credit back and is marked late", async () => {
    const booked = (await book(member.as, psi.id, sp("2026-11-24", "10:00"))).json();
    const available = (await creditsOf(member.as)).available;
    clock.set(sp("2026-11-24", "08:00"));
    const cancelled = await cancel(member.as, booked.id);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", lateCancellation: true });
    expect((await creditsOf(member.as)).available).toBe(available + 1);
  });
});

describe("reminders", () => {
  it("follow a rescheduled session, go once each, and the cancellation removes the same calendar event", async () => {
    const booked = (await book(member.as, psi.id, sp("2026-12-03", "09:00"))).json();
    const moved = (await reschedule(member.as, booked.id, sp("2026-12-03", "10:00"))).json();
    const reminders = (address: string) =>
      t.mails.filter((mail) => mail.to === address && mail.subject === REMINDER && aboutEvent(booked.id)(mail));
    // The first time's 24 h reminder is due, but that session was moved: nothing goes.
    await runCareJobs(t, new Date(sp("2026-12-02", "09:00")));
    expect(reminders(member.email)).toEqual([]);
    for (const at of [sp("2026-12-02", "10:00"), sp("2026-12-02", "10:00"), sp("2026-12-02", "18:00")]) {
      await runCareJobs(t, new Date(at));
    }
    for (const address of [member.email, psi.email]) {
      const [reminder, ...more] = reminders(address);
      expect(more).toEqual([]);
      // The booking's calendar event, moved: its UID, a higher SEQUENCE, the new time.
      expect(reminder?.icalEvent?.content).toContain("SEQUENCE:2");
      expect(icsTimes(reminder?.icalEvent?.content ?? "").start.toISOString()).toBe(moved.startsAt);
    }
    await runCareJobs(t, new Date(sp("2026-12-03", "09:00")));
    await runCareJobs(t, new Date(sp("2026-12-03", "09:05")));
    expect(reminders(member.email)).toHaveLength(2);
    expect(reminders(psi.email)).toHaveLength(2);

    clock.set(sp("2026-12-03", "09:30"));
    expect((await cancel(member.as, moved.id)).statusCode).toBe(200);
    for (const address of [member.email, psi.email]) {
      const notice = t.mails.find(
        (mail) => mail.to === address && mail.subject === "Compromisso Sereno cancelado" && aboutEvent(booked.id)(mail),
      );
      // PUBLISH, never CANCEL: a scheduling CANCEL needs ORGANIZER and ATTENDEE (RFC 5546), which Sereno never writes.
      expect(notice?.icalEvent?.method).toBe("PUBLISH");
      expect(notice?.icalEvent?.content).toContain("METHOD:PUBLISH");
      expect(notice?.icalEvent?.content).toContain("STATUS:CANCELLED");
      expect(notice?.icalEvent?.content).toContain("SEQUENCE:3");
    }
  });

  it("are not planned for a time already past, and not sent for a session that has begun", async () => {
    clock.set(sp("2026-11-23", "06:00")); // three hours before: no 24 h reminder
    const booked = (await book(member.as, psi.id, sp("2026-11-23", "09:00"))).json();
    const planned = await t.db
      .select({ key: jobs.key, runAt: jobs.runAt })
      .from(jobs)
      .where(like(jobs.key, `${booked.id}|%`));
    expect(planned).toEqual([{ key: `${booked.id}|1h`, runAt: new Date(sp("2026-11-23", "08:00")) }]);
    // The runner was down until after the start: the late reminder is dropped, not sent.
    await runCareJobs(t, new Date(sp("2026-11-23", "09:01")));
    expect(t.mails.filter((mail) => mail.subject === REMINDER && aboutEvent(booked.id)(mail))).toEqual([]);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${booked.id}|1h`));
    expect(job).toMatchObject({ failedAt: null, lastError: null });
    expect(job?.finishedAt).not.toBeNull();
  });
});

describe("a mail server that is down", () => {
  it("never undoes a booking or a cancellation", async () => {
    const available = (await creditsOf(member.as)).available;
    careMailDown = true;
    try {
      const booked = await book(member.as, psi.id, sp("2026-11-27", "10:00"));
      expect(booked.statusCode).toBe(201);
      expect((await member.as({ url: "/api/care/appointments" })).json().upcoming).toContainEqual(
        expect.objectContaining({ id: booked.json().id, status: "booked" }),
      );
      expect((await creditsOf(member.as)).available).toBe(available - 1);
      const cancelled = await cancel(member.as, booked.json().id);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().status).toBe("cancelled");
      expect((await creditsOf(member.as)).available).toBe(available);
    } finally {
      careMailDown = false;
    }
  });
});

describe("the credits of a cycle", () => {
  it("follow the plan until the admin sets a rule, which applies from the next cycle; leftovers expire", async () => {
    const prime = await companyWithManager(t.app, t.db, { plan: "prime" });
    const person = prime.manager; // a manager books for themselves like any member
    expect(await creditsOf(person.as)).toMatchObject({ granted: 4, available: 4, cycleStart: "2026-11-01" });
    const url = `/api/admin/companies/${prime.company.id}/care`;
    const rule = { sessionsPerCycle: 1, cycle: "month", lateCancelConsumes: false };
    expect((await admin.as({ method: "PUT", url, payload: rule })).statusCode).toBe(200);
    expect(await creditsOf(person.as)).toMatchObject({ granted: 4, available: 4 });

    clock.set("2026-12-01T10:00:00-03:00");
    expect(await creditsOf(person.as)).toMatchObject({ granted: 1, available: 1, cycleStart: "2026-12-01" });
    expect((await book(person.as, psi.id, sp("2026-12-02", "09:00"))).statusCode).toBe(201);
    const none = await book(person.as, psi.id, sp("2026-12-02", "10:00"));
    expect(none.statusCode).toBe(409);
    expect(errorOf(none)).toBe(serverMessages.noCredits);
    // Refused for want of credit after the row was written: the slot is still free for someone else.
    expect(await slotsOn(member.as, psi.id, "2026-12-02")).toContain(sp("2026-12-02", "10:00"));
    expect((await book(member.as, psi.id, sp("2026-12-02", "10:00"))).statusCode).toBe(201);
  });

  it("applies a change from month to quarter from the next cycle, not the same day", async () => {
    const { company: monthly, manager } = await companyWithManager(t.app, t.db);
    await t.db.insert(careSettings).values({ companyId: monthly.id, sessionsPerCycle: 1, cycle: "month" });
    expect((await book(manager.as, psi.id, sp("2026-12-03", "09:00"))).statusCode).toBe(201);
    expect((await creditsOf(manager.as)).available).toBe(0);
    const url = `/api/admin/companies/${monthly.id}/care`;
    const rule = { sessionsPerCycle: 1, cycle: "quarter", lateCancelConsumes: false };
    expect((await admin.as({ method: "PUT", url, payload: rule })).statusCode).toBe(200);
    expect((await creditsOf(manager.as)).available).toBe(0); // was 1, from a new grant for 2026-10-01
    expect((await book(manager.as, psi.id, sp("2026-12-03", "10:00"))).statusCode).toBe(409); // was 201
  });
});
