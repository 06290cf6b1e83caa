/**
 * The psychologist's side as rules (docs/decisions/025): a bad week or time off refused with nothing
 * half-saved, time off that only its owner removes, a grid change that keeps booked sessions, marking a
 * session once and only from its start, the no-show streak, and what the agenda tells about the member.
 * And the messages between the two: each thread belongs to its two parties only, read receipts go one
 * way, bad input is refused in pt-BR with nothing saved or mailed, and the e-mail about a message goes to
 * the care address and never carries the content.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { careTexts } from "#core/care-messages.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { careMessages, careSettings, creditLedger } from "#server/db/schema/index.ts";
import { verifiedPsychologist, WEEKDAY_MORNINGS } from "#tests/api/care.ts";
import { book, cancel, creditsOf, runCareJobs, slotsOn, sp } from "#tests/api/care-calls.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";

const START = "2026-11-22T12:00:00-03:00";
const clock = testClock(START);
const VIDEO = "https://sala.exemplo.com.br/psi";
let t: TestApp;
let company: Awaited<ReturnType<typeof companyWithManager>>;
let psi: Awaited<ReturnType<typeof verifiedPsychologist>>;
let other: Awaited<ReturnType<typeof verifiedPsychologist>>;
let member: Awaited<ReturnType<typeof signedInPerson>>;
let ana: Awaited<ReturnType<typeof signedInPerson>>;
let bruno: Awaited<ReturnType<typeof signedInPerson>>;
type As = typeof psi.as;

const errorOf = (response: { json: () => { error: { message: string } } }) => response.json().error.message;
const mark = (as: As, id: string, outcome: string) =>
  as({ method: "POST", url: `/api/care/agenda/${id}/mark`, payload: { outcome } });
const send = (as: As, otherId: string, payload: unknown) =>
  as({ method: "POST", url: `/api/care/threads/${otherId}`, payload: payload as Record<string, unknown> });
const thread = async (as: As, otherId: string) =>
  (await as({ url: `/api/care/threads/${otherId}` })).json() as {
    id: string;
    mine: boolean;
    body: string;
    readAt: string | null;
  }[];
const summaries = async (as: As) =>
  (await as({ url: "/api/care/threads" })).json() as { otherId: string; otherName: string; unread: number }[];
const stored = async () => (await t.db.select({ id: careMessages.id }).from(careMessages)).length;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  company = await companyWithManager(t.app, t.db);
  await t.db.insert(careSettings).values({ companyId: company.company.id, sessionsPerCycle: 20, cycle: "month" });
  [psi, other, member, ana, bruno] = await Promise.all([
    verifiedPsychologist(t, admin.as),
    verifiedPsychologist(t, admin.as),
    signedInPerson(t.app, t.db, { companyId: company.company.id, name: "Joana Maria Souza" }),
    signedInPerson(t.app, t.db, { companyId: company.company.id, name: "Ana Clara Lima" }),
    signedInPerson(t.app, t.db, { companyId: company.company.id, name: "Bruno Souza" }),
  ]);
  // Ana and Bruno have booked with `psi`, never with `other`.
  expect((await book(ana.as, psi.id, sp("2026-12-10", "09:00"))).statusCode).toBe(201);
  expect((await book(bruno.as, psi.id, sp("2026-12-10", "10:00"))).statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => clock.set(START));

describe("the psychologist's week", () => {
  it("is kept whole when a change is refused with a pt-BR 400", async () => {
    const before = (await psi.as({ url: "/api/care/availability" })).json();
    expect(before).toMatchObject({ windows: WEEKDAY_MORNINGS, sessionMinutes: 50, bufferMinutes: 10, videoUrl: VIDEO });
    const refusals: [Record<string, unknown>, string | null][] = [
      [{ windows: [{ weekday: 1, startMinute: 720, endMinute: 540 }] }, careTexts.availabilityInvalid],
      [{ windows: [{ weekday: 1, startMinute: 600, endMinute: 600 }] }, careTexts.availabilityInvalid],
      [{ windows: [...WEEKDAY_MORNINGS, { weekday: 7, startMinute: 0, endMinute: 60 }] }, null],
      [{ windows: [{ weekday: 1, startMinute: 540, endMinute: 1500 }] }, null],
      [{ windows: WEEKDAY_MORNINGS, sessionMinutes: 10 }, null],
      [{ windows: WEEKDAY_MORNINGS, bufferMinutes: 90 }, null],
      [{ windows: WEEKDAY_MORNINGS, videoUrl: "sala do consultório" }, null],
      [{ windows: WEEKDAY_MORNINGS, timezone: "UTC" }, null],
    ];
    for (const [payload, message] of refusals) {
      const response = await psi.as({ method: "PUT", url: "/api/care/availability", payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const text = errorOf(response);
      if (message) expect(text).toBe(message);
      expect(text, JSON.stringify(payload)).not.toMatch(/\b(expected|invalid|must|unrecognized)\b/i);
    }
    expect((await psi.as({ url: "/api/care/availability" })).json()).toEqual(before);
    expect(await slotsOn(member.as, psi.id, "2026-11-23")).toEqual([
      sp("2026-11-23", "09:00"),
      sp("2026-11-23", "10:00"),
      sp("2026-11-23", "11:00"),
    ]);
  });

  it("has time off that only its owner removes; a bad range is refused; removing it brings the slots back", async () => {
    const url = "/api/care/time-off";
    for (const payload of [
      { startsAt: sp("2026-11-24", "12:00"), endsAt: sp("2026-11-24", "08:00") },
      { startsAt: sp("2026-11-24", "08:00"), endsAt: sp("2026-11-24", "08:00") },
    ]) {
      const refused = await psi.as({ method: "POST", url, payload });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toBe(careTexts.timeOffInvalid);
    }
    const added = await psi.as({
      method: "POST",
      url,
      payload: { startsAt: sp("2026-11-24", "00:00"), endsAt: sp("2026-11-25", "00:00") },
    });
    expect(added.statusCode).toBe(201);
    const [away] = added.json().timeOff as { id: string }[];
    expect(away).toBeDefined();
    const id = away?.id as string;
    expect(await slotsOn(member.as, psi.id, "2026-11-24")).toEqual([]);

    const stranger = await other.as({ method: "DELETE", url: `${url}/${id}` });
    expect(stranger.statusCode).toBe(404);
    expect((await psi.as({ url: "/api/care/availability" })).json().timeOff).toHaveLength(1);
    expect(errorOf(await book(member.as, psi.id, sp("2026-11-24", "09:00")))).toBe(careTexts.slotInvalid);
    expect((await psi.as({ method: "DELETE", url: `${url}/folga-1` })).statusCode).toBe(400);

    const removed = await psi.as({ method: "DELETE", url: `${url}/${id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().timeOff).toEqual([]);
    expect(await slotsOn(member.as, psi.id, "2026-11-24")).toHaveLength(3);
    expect((await psi.as({ method: "DELETE", url: `${url}/${id}` })).statusCode).toBe(404);
  });

  it("changed to shorter sessions keeps a session booked on the old grid and offers nothing over it", async () => {
    const booked = (await book(member.as, psi.id, sp("2026-11-25", "09:00"))).json();
    const shorter = { windows: WEEKDAY_MORNINGS, sessionMinutes: 30, bufferMinutes: 0, videoUrl: VIDEO };
    expect((await psi.as({ method: "PUT", url: "/api/care/availability", payload: shorter })).statusCode).toBe(200);
    // 09:00–09:50 is booked: 09:00 and 09:30 overlap it, 10:00 is the first free start.
    expect(await slotsOn(member.as, psi.id, "2026-11-25")).toEqual(
      ["10:00", "10:30", "11:00", "11:30"].map((time) => sp("2026-11-25", time)),
    );
    const over = await book(company.manager.as, psi.id, sp("2026-11-25", "09:30"));
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toBe(serverMessages.slotTaken);
    const mine = (await member.as({ url: "/api/care/appointments" })).json().upcoming;
    expect(mine).toContainEqual(
      expect.objectContaining({
        id: booked.id,
        startsAt: sp("2026-11-25", "09:00"),
        endsAt: sp("2026-11-25", "09:50"),
      }),
    );
    await psi.as({
      method: "PUT",
      url: "/api/care/availability",
      payload: { windows: WEEKDAY_MORNINGS, videoUrl: VIDEO },
    });
  });
});

describe("marking a session", () => {
  it("happens once, from its start, never for a cancelled one nor another's, and uses its credit once", async () => {
    const available = (await creditsOf(member.as)).available;
    const [first, second, dropped] = await Promise.all(
      ["09:00", "10:00", "11:00"].map(async (time) => (await book(member.as, psi.id, sp("2026-11-26", time))).json()),
    );
    await cancel(member.as, dropped.id);

    clock.set("2026-11-26T08:59:59-03:00");
    const early = await mark(psi.as, first.id, "held");
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toBe(serverMessages.markBeforeStart);
    clock.set(sp("2026-11-26", "09:00"));
    expect((await mark(psi.as, first.id, "faltou")).statusCode).toBe(400);
    expect((await mark(psi.as, first.id, "held")).json()).toMatchObject({ id: first.id, status: "held" });
    for (const [id, outcome] of [
      [first.id, "no_show"],
      [dropped.id, "held"],
    ]) {
      const refused = await mark(psi.as, id, outcome);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(serverMessages.appointmentNotActive);
    }

    clock.set("2026-11-26T10:10:00-03:00");
    expect((await mark(other.as, second.id, "held")).statusCode).toBe(404);
    const race = await Promise.all(["held", "no_show", "held"].map((outcome) => mark(psi.as, second.id, outcome)));
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const consumed = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.memberId, member.userId), eq(creditLedger.kind, "consume")));
    expect(consumed.map((row) => row.appointmentId).sort()).toEqual([first.id, second.id].sort());
    // Held and no-show both use the session; the cancelled one came back.
    expect((await creditsOf(member.as)).available).toBe(available - 2);
  });

  it("pauses booking only after three no-shows in a row, keeps booked sessions, and mails no one who resumed first", async () => {
    const days = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"];
    const ids: string[] = [];
    for (const day of days) ids.push((await book(member.as, other.id, sp(day, "10:00"))).json().id);
    const later = (await book(member.as, other.id, sp("2026-12-07", "10:00"))).json();
    // No-show, held, no-show, no-show: the last three marked are not all no-shows.
    for (const [i, outcome] of ["no_show", "held", "no_show", "no_show"].entries()) {
      clock.set(sp(days[i] as string, "10:10"));
      expect((await mark(other.as, ids[i] as string, outcome)).statusCode).toBe(200);
    }
    expect((await creditsOf(member.as)).paused).toBe(false);
    clock.set(sp(days[4] as string, "10:10"));
    expect((await mark(other.as, ids[4] as string, "no_show")).statusCode).toBe(200);
    expect((await creditsOf(member.as)).paused).toBe(true);
    const paused = await book(member.as, psi.id, sp("2026-12-08", "09:00"));
    expect(paused.statusCode).toBe(409);
    expect(errorOf(paused)).toBe(serverMessages.bookingPaused);
    const upcoming = (await member.as({ url: "/api/care/appointments" })).json().upcoming;
    expect(upcoming).toContainEqual(expect.objectContaining({ id: later.id, status: "booked" }));

    const unconfirmed = await member.as({ method: "POST", url: "/api/care/resume", payload: { acceptTerms: false } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(errorOf(unconfirmed)).toBe(careTexts.termsRequired);
    expect((await creditsOf(member.as)).paused).toBe(true);
    expect(
      (await member.as({ method: "POST", url: "/api/care/resume", payload: { acceptTerms: true } })).json(),
    ).toEqual({ paused: false });
    // The pause's e-mail was still waiting for the runner: the member resumed, so it says nothing.
    await runCareJobs(t, clock.now());
    await runCareJobs(t, new Date(clock.now().getTime() + 3_600_000));
    expect(t.mails.filter((mail) => mail.to === member.email && mail.subject.includes("pausados"))).toEqual([]);
    expect((await book(member.as, psi.id, sp("2026-12-08", "09:00"))).statusCode).toBe(201);
  });
});

describe("the agenda", () => {
  it("tells the psychologist the member's first name and company, never an e-mail or a surname", async () => {
    // After the pause's days: the clock never goes back past a cycle whose leftovers were written off.
    clock.set("2026-12-05T12:00:00-03:00");
    const booked = (await book(member.as, psi.id, sp("2026-12-09", "11:00"))).json();
    const response = await psi.as({ url: "/api/care/agenda" });
    const entry = [...response.json().upcoming, ...response.json().past].find(
      (item: { id: string }) => item.id === booked.id,
    );
    expect(entry).toEqual({
      id: booked.id,
      memberId: member.userId,
      memberName: "Joana",
      companyName: company.company.name,
      startsAt: sp("2026-12-09", "11:00"),
      endsAt: sp("2026-12-09", "11:50"),
      status: "booked",
      videoUrl: null,
    });
    for (const secret of [member.email, "Maria", "Souza"]) expect(response.body).not.toContain(secret);
    // The other psychologist, with sessions of the same member, sees none of this one's.
    expect((await other.as({ url: "/api/care/agenda" })).body).not.toContain(booked.id);
  });
});

describe("a thread", () => {
  it("belongs to one member and one psychologist: no one else reads or writes it, however they name it", async () => {
    expect((await send(ana.as, psi.id, { body: "Mensagem da Ana" })).statusCode).toBe(201);
    expect((await send(bruno.as, psi.id, { body: "Mensagem do Bruno" })).statusCode).toBe(201);
    expect((await thread(ana.as, psi.id)).map((message) => message.body)).toEqual(["Mensagem da Ana"]);
    expect((await thread(bruno.as, psi.id)).map((message) => message.body)).toEqual(["Mensagem do Bruno"]);
    expect(await summaries(psi.as)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ otherId: ana.userId, otherName: "Ana", unread: 1 }),
        expect.objectContaining({ otherId: bruno.userId, otherName: "Bruno", unread: 1 }),
      ]),
    );
    expect(await summaries(ana.as)).toEqual([expect.objectContaining({ otherId: psi.id, unread: 0 })]);
    expect((await thread(psi.as, ana.userId)).map((message) => message.body)).toEqual(["Mensagem da Ana"]);

    const before = await stored();
    const attempts: [As, string][] = [
      [other.as, ana.userId], // a psychologist she never booked with
      [ana.as, other.id], // and the other way round
      [ana.as, bruno.userId], // a colleague's id, as if it were a psychologist's
      [psi.as, other.id], // a psychologist's id, as if it were a member's
      [company.manager.as, psi.id], // her manager
    ];
    for (const [as, otherId] of attempts) {
      const read = await as({ url: `/api/care/threads/${otherId}` });
      expect(read.statusCode).toBe(403);
      expect(read.json().error.message).toBe(serverMessages.messageNotAllowed);
      expect((await send(as, otherId, { body: "Olá" })).statusCode).toBe(403);
    }
    expect(await stored()).toBe(before);
    const others = (await summaries(other.as)).map((item) => item.otherId);
    expect(others).not.toContain(ana.userId);
    expect(others).not.toContain(bruno.userId);
  });

  it("marks read only what the other side wrote, when the reader opens it", async () => {
    // Bruno opening his own thread leaves his message unread by the psychologist.
    expect((await thread(bruno.as, psi.id))[0]?.readAt).toBeNull();
    expect((await summaries(psi.as)).find((item) => item.otherId === bruno.userId)?.unread).toBe(1);
    clock.set("2026-11-22T13:00:00-03:00");
    const opened = await thread(psi.as, bruno.userId);
    expect(opened[0]).toMatchObject({ mine: false, readAt: "2026-11-22T16:00:00.000Z" });
    expect((await summaries(psi.as)).find((item) => item.otherId === bruno.userId)?.unread).toBe(0);

    await send(psi.as, bruno.userId, { body: "Recebi, Bruno." });
    expect((await summaries(psi.as)).find((item) => item.otherId === bruno.userId)?.unread).toBe(0);
    expect((await summaries(bruno.as))[0]?.unread).toBe(1);
    const seen = await thread(bruno.as, psi.id);
    expect(seen.map((message) => [message.mine, message.body])).toEqual([
      [true, "Mensagem do Bruno"],
      [false, "Recebi, Bruno."],
    ]);
    expect((await summaries(bruno.as))[0]?.unread).toBe(0);
    expect((await thread(psi.as, bruno.userId))[1]?.readAt).not.toBeNull();
  });

  it("refuses an empty, too long or unexpected message in pt-BR, saving and mailing nothing", async () => {
    const before = { stored: await stored(), mails: t.mails.length };
    const refusals: [string, unknown, string | null][] = [
      [psi.id, { body: "   " }, careTexts.messageRequired],
      [psi.id, { body: "x".repeat(4001) }, careTexts.messageTooLong],
      [psi.id, {}, null],
      [psi.id, { body: "Oi", mine: false }, null],
      [psi.id, { body: "Oi\u0000" }, messages.textControlCharacters], // PostgreSQL cannot store a NUL: 400, not 500
    ];
    for (const [otherId, payload, message] of refusals) {
      const response = await send(ana.as, otherId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().error.message).toBe(message);
    }
    expect({ stored: await stored(), mails: t.mails.length }).toEqual(before);
    const longest = await send(ana.as, psi.id, { body: "x".repeat(4000) });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().body).toHaveLength(4000);
  });
});

describe("the e-mail about a message", () => {
  it("reaches the member at their care e-mail and the psychologist at theirs, without the content", async () => {
    await ana.as({ method: "PUT", url: "/api/care/contact", payload: { careEmail: "ana.pessoal@exemplo.com.br" } });
    const sentBefore = t.mails.length;
    await send(psi.as, ana.userId, { body: "Resposta CONFIDENCIAL-7 para a Ana" });
    await send(ana.as, psi.id, { body: "Pergunta CONFIDENCIAL-8 da Ana" });
    const sent = t.mails.slice(sentBefore);
    expect(sent.map((mail) => mail.to)).toEqual(["ana.pessoal@exemplo.com.br", psi.email]);
    expect(sent[0]?.text).toContain(`${TEST_ORIGIN}/care`);
    expect(sent[1]?.text).toContain(`${TEST_ORIGIN}/care/agenda`);
    for (const mail of sent) {
      expect(mail.subject).toBe(serverMessages.newCareMessage);
      expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/CONFIDENCIAL|Ana|Lima|psic[oó]log/i);
    }
    const stored = await t.db.select().from(careMessages).where(eq(careMessages.memberId, ana.userId));
    expect(stored.map((row) => row.body)).toContain("Pergunta CONFIDENCIAL-8 da Ana");
  });
});
