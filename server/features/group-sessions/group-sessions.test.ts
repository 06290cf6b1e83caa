import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { groupSessionRegistrations, profiles } from "#server/db/schema/index.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { icsTimes } from "#tests/api/ics.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { startSmtpSink } from "#tests/api/smtp-sink.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { drawPlaces } from "./registrations.ts";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const clock = testClock("2026-11-23T09:00:00-03:00");
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let a: Awaited<ReturnType<typeof companyWithManager>>;
let b: Awaited<ReturnType<typeof companyWithManager>>;
let admin: Person;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "Sereno <no-reply@sereno.test>",
    outboxDir: "",
    log: pino({ level: "silent" }),
  });
  t = await createTestApp({ mailer, now: clock.now, env: { PRIVACY_MIN_GROUP: "5" } });
  a = await companyWithManager(t.app, t.db, { name: "Alfa" });
  b = await companyWithManager(t.app, t.db, { name: "Beta" });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * 3_600_000).toISOString();
/** Group session mails only (the check-in reminders of the same people run on the same clock). */
const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.includes(email) && !mail.raw.includes("lembrete de check-in"));

function sessionInput(overrides: Record<string, unknown> = {}) {
  return {
    kind: "workshop",
    title: "Gestao do estresse",
    description: "Ferramentas praticas para semanas cheias.",
    facilitatorName: "Renata Prado",
    facilitatorEmail: "renata@exemplo.com.br",
    startsAt: inHours(48),
    durationMinutes: 60,
    capacity: 10,
    modality: "online",
    location: "https://meet.exemplo.com.br/estresse",
    ...overrides,
  };
}

async function createSession(by: Person, overrides: Record<string, unknown> = {}) {
  const response = await by.as({ method: "POST", url: "/api/group-sessions", payload: sessionInput(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session as { id: string };
}

const members = (companyId: string, count: number) =>
  Promise.all(Array.from({ length: count }, () => signedInPerson(t.app, t.db, { companyId })));

const register = (person: Person, id: string) =>
  person.as({ method: "POST", url: `/api/group-sessions/${id}/registration` });

/** What an app process does on each poll, for this feature's jobs only (they are in group-sessions.jobs.ts). */
async function tick(at: string) {
  clock.set(at);
  const definitions = t.app.deps.jobs.filter((job) => job.name.startsWith("group-session"));
  expect(definitions).toHaveLength(3);
  await scheduleDailyJobs(t.db, definitions, clock.now());
  return runDueJobs({ db: t.db, definitions, now: clock.now() });
}

/**
 * The support groups' draw as its job runs it, at `at` (called directly: the clock of these tests goes back
 * between tests, and the 5-minute sweep would not be due again), then the e-mails it enqueued.
 */
async function draw(at: string) {
  clock.set(at);
  await drawPlaces(t.db, t.app.deps.privacyKey, clock.now());
  return tick(at);
}

async function statuses(sessionId: string) {
  return t.db
    .select({ userId: groupSessionRegistrations.userId, status: groupSessionRegistrations.status })
    .from(groupSessionRegistrations)
    .where(eq(groupSessionRegistrations.sessionId, sessionId))
    .orderBy(groupSessionRegistrations.queuedAt, groupSessionRegistrations.id);
}

describe("creating sessions", () => {
  it("refuses bad input with pt-BR messages, and platform webinars to managers", async () => {
    const bad = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ location: "sala 3", capacity: 0 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/https:\/\/|vagas/);
    const past = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ startsAt: inHours(-1) }),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe("O encontro precisa começar no futuro.");
    const platform = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ audience: "platform" }),
    });
    expect(platform.statusCode).toBe(403);
    const otherCompany = await a.manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: sessionInput({ companyId: b.company.id }),
    });
    expect(otherCompany.statusCode).toBe(403);
  });
});

describe("capacity", () => {
  it("gives the last 5 places to 5 of 30 racing members and queues the other 25 in order", async () => {
    const session = await createSession(a.manager, { capacity: 10 });
    for (const person of await members(a.company.id, 5))
      expect((await register(person, session.id)).statusCode).toBe(201);
    const racers = await members(a.company.id, 30);
    const results = await Promise.all(racers.map((person) => register(person, session.id)));
    expect(results.map((response) => response.statusCode)).toEqual(Array(30).fill(201));
    const messages = results.map((response) => response.json().message as string);
    expect(messages.filter((message) => message === "Inscrição confirmada.")).toHaveLength(5);
    const rows = await statuses(session.id);
    expect(rows.filter((row) => row.status === "registered")).toHaveLength(10);
    const queue = rows.filter((row) => row.status === "waitlisted");
    expect(queue).toHaveLength(25);
    // Each one's position is its place in the queue, with no two alike.
    const positions = results
      .map((response) => response.json().session)
      .filter((view) => view.myStatus === "waitlisted")
      .map((view) => view.waitlistPosition as number);
    expect([...positions].sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));

    // A freed place goes to the first of the queue, then the next.
    const first = racers.find((person) => person.userId === queue[0]?.userId) as Person;
    const second = racers.find((person) => person.userId === queue[1]?.userId) as Person;
    const leaving = racers.find((person) =>
      rows.some((row) => row.userId === person.userId && row.status === "registered"),
    );
    expect(
      (await leaving?.as({ method: "DELETE", url: `/api/group-sessions/${session.id}/registration` }))?.statusCode,
    ).toBe(200);
    const after = await statuses(session.id);
    expect(after.find((row) => row.userId === first.userId)?.status).toBe("registered");
    expect(after.find((row) => row.userId === second.userId)?.status).toBe("waitlisted");
    const list = (await second.as({ url: "/api/group-sessions" })).json();
    expect(list.find((view: { id: string }) => view.id === session.id).waitlistPosition).toBe(1);
  }, 120_000);

  it("refuses a 'registered' row past the capacity in the database itself", async () => {
    const session = await createSession(a.manager, { capacity: 1 });
    const [one, two] = await members(a.company.id, 2);
    await register(one as Person, session.id);
    await register(two as Person, session.id);
    await expect(
      t.db.execute(sql`UPDATE group_session_registrations SET status = 'registered' WHERE session_id = ${session.id}`),
    ).rejects.toThrow();
  });
});

describe("waitlist and e-mails", () => {
  it("promotes in order with an e-mail, and mails everyone once when the session is cancelled", async () => {
    const session = await createSession(a.manager, { capacity: 1, title: "Comunicacao nao violenta" });
    const [first, second, third] = (await members(a.company.id, 3)) as [Person, Person, Person];
    expect((await register(first, session.id)).json().message).toBe("Inscrição confirmada.");
    expect((await register(second, session.id)).json().session.waitlistPosition).toBe(1);
    expect((await register(third, session.id)).json().session.waitlistPosition).toBe(2);
    expect((await register(third, session.id)).statusCode).toBe(409);
    await first.as({ method: "DELETE", url: `/api/group-sessions/${session.id}/registration` });
    await tick(clock.now().toISOString());
    expect(mailsTo(second.email)).toHaveLength(1);
    expect(mailsTo(second.email)[0]?.raw).toContain("Comunicacao nao violenta");
    expect(mailsTo(third.email)).toHaveLength(0);

    const cancel = await a.manager.as({ method: "POST", url: `/api/group-sessions/${session.id}/cancel` });
    expect(cancel.statusCode).toBe(200);
    expect((await a.manager.as({ method: "POST", url: `/api/group-sessions/${session.id}/cancel` })).statusCode).toBe(
      409,
    );
    await tick(clock.now().toISOString());
    await tick(new Date(clock.now().getTime() + 60_000).toISOString());
    expect(mailsTo(second.email)).toHaveLength(2);
    expect(mailsTo(third.email)).toHaveLength(1);
    expect(mailsTo(third.email)[0]?.raw).toMatch(/Subject: Cancelado: Comunicacao nao violenta/);
    expect(mailsTo(first.email)).toHaveLength(0);
    expect((await register(first, session.id)).statusCode).toBe(409);
  });

  it("reminds each registered person once 24 h before and once 1 h before; a support group's draw mail is its 24 h one", async () => {
    clock.set("2026-11-23T09:00:00-03:00");
    const group = await createSession(a.manager, {
      startsAt: "2026-11-25T10:00:00-03:00",
      kind: "support_group",
      title: "Luto e perdas",
    });
    const workshop = await createSession(a.manager, {
      startsAt: "2026-11-25T10:00:00-03:00",
      title: "Sono e descanso",
    });
    const [person, late] = (await members(a.company.id, 2)) as [Person, Person];
    await register(person, group.id);
    await register(person, workshop.id);
    for (const at of [
      "2026-11-24T09:50:00-03:00",
      "2026-11-24T10:00:00-03:00",
      "2026-11-24T10:05:00-03:00",
      "2026-11-24T15:00:00-03:00",
    ])
      await tick(at);
    const sent = mailsTo(person.email);
    expect(sent).toHaveLength(2);
    // The draw (registration closed 24 h before) confirms the place, with the calendar invite.
    const drawn = sent.find((mail) => mail.raw.includes("Subject: Vaga confirmada: Compromisso Sereno"));
    expect(drawn?.raw).toContain("text/calendar");
    expect(drawn?.raw).not.toContain("Luto");
    expect(sent.some((mail) => mail.raw.includes("Subject: Lembrete: Sono e descanso"))).toBe(true);
    clock.set("2026-11-25T08:00:00-03:00");
    const refused = await register(late, group.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("As inscrições deste grupo já fecharam e as vagas foram sorteadas.");
    await register(late, workshop.id);
    for (const at of [
      "2026-11-25T09:00:00-03:00",
      "2026-11-25T09:05:00-03:00",
      "2026-11-25T09:30:00-03:00",
      "2026-11-25T09:55:00-03:00",
    ])
      await tick(at);
    expect(mailsTo(person.email)).toHaveLength(4);
    expect(mailsTo(person.email).filter((mail) => mail.raw.includes("Come=C3=A7a_em_breve"))).toHaveLength(2);
    // Registered within the last day: the 1 h reminder only.
    expect(mailsTo(late.email)).toHaveLength(1);
    clock.set("2026-11-23T09:00:00-03:00");
  }, 120_000);
});

describe("audience", () => {
  it("hides another company's sessions from its members and managers, and shows platform webinars to all", async () => {
    const session = await createSession(a.manager);
    const [outsider] = (await members(b.company.id, 1)) as [Person];
    const list = (await outsider.as({ url: "/api/group-sessions" })).json() as { id: string }[];
    expect(list.map((view) => view.id)).not.toContain(session.id);
    expect((await register(outsider, session.id)).statusCode).toBe(404);
    expect((await outsider.as({ url: `/api/group-sessions/${session.id}/calendar.ics` })).statusCode).toBe(404);
    expect(
      (
        await b.manager.as({
          method: "PATCH",
          url: `/api/group-sessions/${session.id}`,
          payload: sessionInput({ kind: undefined }),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await b.manager.as({ url: `/api/group-sessions/manage` })).json().sessions.map((s: { id: string }) => s.id),
    ).not.toContain(session.id);

    const webinar = await createSession(admin, { audience: "platform", title: "Webinar aberto" });
    expect((await outsider.as({ url: "/api/group-sessions" })).json().map((view: { id: string }) => view.id)).toContain(
      webinar.id,
    );
    expect((await register(outsider, webinar.id)).statusCode).toBe(201);
    expect((await a.manager.as({ url: "/api/group-sessions/manage?audience=platform" })).statusCode).toBe(403);
    expect((await admin.as({ url: "/api/group-sessions/manage?audience=platform" })).json().sessions[0].id).toBe(
      webinar.id,
    );
  });
});

describe("support group privacy", () => {
  it("never shows a support group's people to the company, and hides counts below k", async () => {
    const session = await createSession(a.manager, { kind: "support_group", title: "Grupo de apoio", capacity: 8 });
    const people = await members(a.company.id, 4);
    for (const person of people) await register(person, session.id);
    const names = await t.db.select({ name: profiles.name, email: profiles.email }).from(profiles);
    const secrets = people.flatMap((person) => [
      person.userId,
      person.email,
      names.find((row) => row.email === person.email)?.name ?? "",
    ]);
    const responses: { label: string; body: string }[] = [];
    const keep = async (label: string, request: ReturnType<Person["as"]>) => {
      const response = await request;
      responses.push({ label, body: response.body });
      return response;
    };
    for (const [who, caller] of [
      ["manager", a.manager],
      ["admin", admin],
    ] as const) {
      const query = who === "admin" ? `?companyId=${a.company.id}` : "";
      const list = await keep(`${who} list`, caller.as({ url: `/api/group-sessions/manage${query}` }));
      const view = list.json().sessions.find((s: { id: string }) => s.id === session.id);
      expect(view.people).toBeNull();
      expect(view.counts).toEqual({ registered: null, waitlisted: null, attended: null, margin: null });
      await keep(
        `${who} edit`,
        caller.as({
          method: "PATCH",
          url: `/api/group-sessions/${session.id}`,
          payload: sessionInput({ kind: undefined, capacity: 9 }),
        }),
      );
      const lower = await keep(
        `${who} lower`,
        caller.as({
          method: "PATCH",
          url: `/api/group-sessions/${session.id}`,
          payload: sessionInput({ kind: undefined, capacity: 2 }),
        }),
      );
      expect(lower.statusCode).toBe(400);
      expect(lower.body).not.toMatch(/\d pessoa/);
      const csv = await keep(`${who} csv`, caller.as({ url: `/api/group-sessions/${session.id}/attendance.csv` }));
      expect(csv.statusCode).toBe(409);
    }
    const fifth = (await members(a.company.id, 1))[0] as Person;
    await register(fifth, session.id);
    secrets.push(fifth.userId, fifth.email);
    const shown = (await keep("list at k", a.manager.as({ url: "/api/group-sessions/manage" }))).json();
    // At k, but before the end: still nothing (the count would move as people join).
    expect(shown.sessions.find((s: { id: string }) => s.id === session.id).counts.registered).toBeNull();
    // Registration closes 24 h before the start: the draw gives the 5 requests their places (9 places).
    await draw(inHours(24));
    expect((await statuses(session.id)).map((row) => row.status)).toEqual(Array(5).fill("registered"));
    clock.set(inHours(25));
    const names2 = await keep(
      "attendance by name",
      a.manager.as({
        method: "PUT",
        url: `/api/group-sessions/${session.id}/attendance`,
        payload: { attendedUserIds: [fifth.userId] },
      }),
    );
    expect(names2.statusCode).toBe(400);
    const tooMany = await keep(
      "attendance over capacity",
      a.manager.as({
        method: "PUT",
        url: `/api/group-sessions/${session.id}/attendance`,
        payload: { attendedCount: 10 },
      }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(
      (
        await keep(
          "attendance",
          a.manager.as({
            method: "PUT",
            url: `/api/group-sessions/${session.id}/attendance`,
            payload: { attendedCount: 4 },
          }),
        )
      ).statusCode,
    ).toBe(200);
    const after = (
      await keep("list after", admin.as({ url: `/api/group-sessions/manage?companyId=${a.company.id}` }))
    ).json();
    // After the end, noisy figures from the disclosure layer: each a number with its margin, or hidden.
    const counts = after.sessions.find((s: { id: string }) => s.id === session.id).counts;
    expect(counts.waitlisted).toBeNull();
    expect(counts.margin).toBeGreaterThan(0);
    for (const value of [counts.registered, counts.attended])
      if (value !== null) expect(value).toBeGreaterThanOrEqual(5);
    for (const { label, body } of responses) {
      for (const secret of secrets) expect(body, `${label} leaks ${secret}`).not.toContain(secret);
    }
    clock.set("2026-11-23T09:00:00-03:00");
  });
});

describe("support group counts that do not move", () => {
  it("keeps every manager and admin response unchanged while people register one by one, until the end", async () => {
    const session = await createSession(a.manager, { kind: "support_group", title: "Grupo de luto", capacity: 6 });
    const watched = async () => {
      const manager = await a.manager.as({ url: "/api/group-sessions/manage" });
      const byAdmin = await admin.as({ url: `/api/group-sessions/manage?companyId=${a.company.id}` });
      const pick = (body: {
        sessions: { id: string; counts: { waitlisted: number | null; margin: number | null } }[];
      }) => body.sessions.find((s) => s.id === session.id);
      return { manager: pick(manager.json()), admin: pick(byAdmin.json()) };
    };
    const before = await watched();
    expect(before.manager).toMatchObject({ counts: { registered: null, waitlisted: null, attended: null } });
    expect(before.admin).toEqual(before.manager);
    // 6 places, 8 requests; one leaves before the draw, which then gives 6 of the 7 a place.
    const people = await members(a.company.id, 8);
    for (const person of people) {
      expect((await register(person, session.id)).statusCode).toBe(201);
      expect(await watched(), "a registration moved what the company sees").toEqual(before);
    }
    const leaving = people[0] as Person;
    expect(
      (await leaving.as({ method: "DELETE", url: `/api/group-sessions/${session.id}/registration` })).statusCode,
    ).toBe(200);
    expect(await watched(), "a cancellation moved what the company sees").toEqual(before);
    // The manager cannot read the group's fullness or a waitlist place as a participant either.
    const asMember = await a.manager.as({ url: "/api/group-sessions" });
    expect(asMember.json().map((s: { id: string }) => s.id)).not.toContain(session.id);
    const join = await register(a.manager, session.id);
    expect(join.statusCode).toBe(403);
    expect(join.json().error.message).toMatch(/Grupos de apoio são para os membros/);
    await draw(inHours(24));
    const drawn = (await statuses(session.id)).map((row) => row.status).sort();
    expect(drawn).toEqual(["cancelled", "not_drawn", ...Array(6).fill("registered")]);
    expect(await watched(), "the draw moved what the company sees").toEqual(before);
    // The session starts (48 h from creation): still nothing; it ends: the registrations, noisy, never the waitlist.
    clock.set(inHours(24.5));
    expect((await watched()).manager).toMatchObject({ counts: before.manager?.counts, hasStarted: true });
    clock.set(inHours(0.5));
    const after = await watched();
    expect(after.manager?.counts.waitlisted).toBeNull();
    expect(after.manager?.counts.margin).toBeGreaterThan(0);
    expect(after.admin?.counts).toEqual(after.manager?.counts);
    // Released once: read again, the same figure.
    expect((await watched()).manager?.counts).toEqual(after.manager?.counts);
    clock.set("2026-11-23T09:00:00-03:00");
  });

  it("keeps live counts for workshops (training)", async () => {
    const session = await createSession(a.manager, { title: "Comunicacao nao violenta", capacity: 1 });
    const [first, second] = (await members(a.company.id, 2)) as [Person, Person];
    await register(first, session.id);
    await register(second, session.id);
    const list = await a.manager.as({ url: "/api/group-sessions/manage" });
    const view = list.json().sessions.find((s: { id: string }) => s.id === session.id);
    expect(view.counts).toEqual({ registered: 1, waitlisted: 1, attended: 0, margin: null });
  });
});

describe("workshops: attendance, calendar, link and feedback", () => {
  it("shows names, marks attendance, exports the CSV and gives a neutral .ics for support groups", async () => {
    const workshop = await createSession(a.manager, { title: "Lideranca e saude mental", startsAt: inHours(2) });
    const groupStart = inHours(3);
    const group = await createSession(a.manager, {
      kind: "support_group",
      title: "Ansiedade no trabalho",
      startsAt: groupStart,
      modality: "in_person",
      location: "Sala 4",
    });
    const [ana, bia] = (await members(a.company.id, 2)) as [Person, Person];
    for (const person of [ana, bia]) {
      await register(person, workshop.id);
      await register(person, group.id);
    }
    // A support group's calendar file comes with a place, after the draw (halfway to a start 3 h away).
    expect((await ana.as({ url: `/api/group-sessions/${group.id}/calendar.ics` })).statusCode).toBe(409);
    await draw(inHours(1.5));
    clock.set("2026-11-23T09:00:00-03:00");
    const ics = await ana.as({ url: `/api/group-sessions/${group.id}/calendar.ics` });
    expect(ics.headers["content-type"]).toContain("text/calendar");
    expect(ics.body).toContain(`UID:${group.id}@sereno`);
    expect(ics.body).toContain("SUMMARY:Compromisso Sereno");
    expect(ics.body).toContain("SEQUENCE:0");
    expect(ics.body).not.toContain("Ansiedade");
    // The file's start and end are the session's instants (issue 30).
    const times = icsTimes(ics.body);
    expect(times.start.toISOString()).toBe(groupStart);
    expect(times.end.getTime() - times.start.getTime()).toBe(60 * 60_000);
    await a.manager.as({
      method: "PATCH",
      url: `/api/group-sessions/${group.id}`,
      payload: sessionInput({ kind: undefined, startsAt: inHours(4), modality: "in_person", location: "Sala 5" }),
    });
    const again = await ana.as({ url: `/api/group-sessions/${group.id}/calendar.ics` });
    expect(again.body).toContain("SEQUENCE:1");
    expect(again.body).toContain(`UID:${group.id}@sereno`);
    expect((await ana.as({ url: `/api/group-sessions/${workshop.id}/calendar.ics` })).body).toContain(
      "SUMMARY:Lideranca e saude mental",
    );

    const viewOf = async (person: Person) =>
      (await person.as({ url: "/api/group-sessions" })).json().find((view: { id: string }) => view.id === workshop.id);
    expect((await viewOf(ana)).link).toBeNull();
    clock.set(inHours(1.8));
    expect((await viewOf(ana)).link).toBe("https://meet.exemplo.com.br/estresse");

    const list = (await a.manager.as({ url: "/api/group-sessions/manage" })).json();
    const view = list.sessions.find((s: { id: string }) => s.id === workshop.id);
    expect(view.people.map((p: { userId: string }) => p.userId).sort()).toEqual([ana.userId, bia.userId].sort());
    expect(
      (
        await a.manager.as({
          method: "PUT",
          url: `/api/group-sessions/${workshop.id}/attendance`,
          payload: { attendedUserIds: [ana.userId] },
        })
      ).statusCode,
    ).toBe(409);
    clock.set(inHours(1));
    expect(
      (
        await a.manager.as({
          method: "PUT",
          url: `/api/group-sessions/${workshop.id}/attendance`,
          payload: { attendedUserIds: [ana.userId] },
        })
      ).statusCode,
    ).toBe(200);
    const csv = await a.manager.as({ url: `/api/group-sessions/${workshop.id}/attendance.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${ana.email};Presente`);
    expect(csv.body).toContain(`${bia.email};Ausente`);
    const [audit] = rowsOf<{ action: string }>(
      await t.db.execute(
        sql`SELECT action FROM audit_log WHERE target_id = ${workshop.id} AND target_type = 'group-session-attendance'`,
      ),
    );
    expect(audit?.action).toBe("report.export");
    expect((await b.manager.as({ url: `/api/group-sessions/${workshop.id}/attendance.csv` })).statusCode).toBe(404);

    // Feedback after the end: from who attended, once, anonymous.
    clock.set(inHours(2));
    expect(
      (await bia.as({ method: "POST", url: `/api/group-sessions/${workshop.id}/feedback`, payload: { rating: 4 } }))
        .statusCode,
    ).toBe(409);
    const given = await ana.as({
      method: "POST",
      url: `/api/group-sessions/${workshop.id}/feedback`,
      payload: { rating: 5, comment: "Muito bom" },
    });
    expect(given.statusCode).toBe(201);
    expect(
      (await ana.as({ method: "POST", url: `/api/group-sessions/${workshop.id}/feedback`, payload: { rating: 5 } }))
        .statusCode,
    ).toBe(409);
    const columns = rowsOf<{ column_name: string }>(
      await t.db.execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'group_session_feedback'`,
      ),
    ).map((row) => row.column_name);
    expect(columns.sort()).toEqual(["comment", "id", "rating", "session_id"]);
    const feedback = (await a.manager.as({ url: "/api/group-sessions/manage" }))
      .json()
      .sessions.find((s: { id: string }) => s.id === workshop.id).feedback;
    expect(feedback).toEqual({ isClosed: false, answered: null, average: null, margin: null, comments: null });
    clock.set("2026-11-23T09:00:00-03:00");
  });

  it("exports names a spreadsheet would run as formulas as plain text, in a file that opens with the BOM", async () => {
    const formula = '=HYPERLINK("http://x","y")';
    // Apple Numbers also runs a formula that starts with a full-width sign ('＋').
    const workshop = await createSession(a.manager, { title: formula, facilitatorName: `＋${formula}` });
    const person = await signedInPerson(t.app, t.db, { companyId: a.company.id, name: `@${formula}` });
    await register(person, workshop.id);
    const csv = await a.manager.as({ url: `/api/group-sessions/${workshop.id}/attendance.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith("\uFEFFEncontro;Data;")).toBe(true);
    const row = csv.body.split("\r\n")[1] ?? "";
    const quoted = (text: string) => `"'${text.replaceAll('"', '""')}"`;
    expect(row.startsWith(`${quoted(formula)};`)).toBe(true);
    expect(row).toContain(`;${quoted(`＋${formula}`)};${quoted(`@${formula}`)};${person.email};Ausente`);
  });

  it("shows the feedback only once its period has closed, noisy and stored, and comments only from about 10", async () => {
    const session = await createSession(a.manager, { startsAt: inHours(1), capacity: 20 });
    const people = await members(a.company.id, 10);
    for (const person of people) await register(person, session.id);
    clock.set(inHours(2));
    const feedbackOf = async () =>
      (await a.manager.as({ url: "/api/group-sessions/manage" }))
        .json()
        .sessions.find((s: { id: string }) => s.id === session.id).feedback;
    for (const [i, person] of people.entries()) {
      await person.as({
        method: "POST",
        url: `/api/group-sessions/${session.id}/feedback`,
        payload: { rating: i % 2 ? 4 : 5, comment: `Comentario ${i}` },
      });
      // While people can still answer, nothing: a figure that moved would say who just answered what.
      if (i === 3 || i === 9)
        expect(await feedbackOf()).toEqual({
          isClosed: false,
          answered: null,
          average: null,
          margin: null,
          comments: null,
        });
    }
    clock.set(inHours(14 * 24));
    const shown = await feedbackOf();
    expect(shown.isClosed).toBe(true);
    if (shown.answered === null) {
      expect(shown).toMatchObject({ average: null, margin: null, comments: null });
    } else {
      expect(shown.average).toBeGreaterThanOrEqual(1);
      expect(shown.average).toBeLessThanOrEqual(5);
      // One rating of 10 moves the sum by at most 4: the margin of a 10-person mean is a fraction of a point.
      expect(shown.margin).toBeGreaterThan(0);
      expect(shown.margin).toBeLessThan(4);
      expect(shown.comments === null ? 0 : shown.comments.length).toBe(shown.answered >= 10 ? 10 : 0);
    }
    expect(await feedbackOf()).toEqual(shown);
    clock.set("2026-11-23T09:00:00-03:00");
  });
});
