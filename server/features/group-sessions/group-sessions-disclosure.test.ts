/**
 * Support groups leak no one's act (issue 32, docs/decisions/024): what a
 * manager, an admin or another member can read does not move when one person
 * registers or leaves; places are drawn, reproducibly; the feedback mean
 * cannot be turned back into one person's rating by a manager with four
 * accounts of his own; accounts that joined after a session was set up count
 * in none of its figures.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figurePolicies } from "#core/disclosure.ts";
import { rowsOf } from "#server/db/client.ts";
import {
  companies,
  disclosedFigures,
  groupSessionFeedback,
  groupSessionRegistrations,
  groupSessions,
} from "#server/db/schema/index.ts";
import { discreteLaplace } from "#server/features/disclosure/noise.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { pdfBytes } from "#tests/api/files.ts";
import { companyWithManager, signedInPerson, TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { drawOrder, drawPlaces } from "./registrations.ts";

const START = "2026-11-23T09:00:00-03:00";
const clock = testClock(START);
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let a: Awaited<ReturnType<typeof companyWithManager>>;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PRIVACY_MIN_GROUP: "5" } });
  a = await companyWithManager(t.app, t.db, { name: "Alfa" });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const at = (hours: number) => new Date(new Date(START).getTime() + hours * 3_600_000).toISOString();
const members = (companyId: string, count: number, createdAt?: Date) =>
  Promise.all(Array.from({ length: count }, () => signedInPerson(t.app, t.db, { companyId, createdAt })));

function sessionInput(overrides: Record<string, unknown> = {}) {
  return {
    kind: "support_group",
    title: "Luto e perdas",
    description: "Um espaço seguro para falar de perdas.",
    facilitatorName: "Renata Prado",
    startsAt: at(48),
    durationMinutes: 60,
    capacity: 10,
    modality: "online",
    location: "https://meet.exemplo.com.br/grupo",
    ...overrides,
  };
}

async function createSession(by: Person, overrides: Record<string, unknown> = {}) {
  const response = await by.as({ method: "POST", url: "/api/group-sessions", payload: sessionInput(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session as { id: string };
}

const register = (person: Person, id: string) =>
  person.as({ method: "POST", url: `/api/group-sessions/${id}/registration` });

/** The draw job as it runs (registrations.ts), then the e-mails it enqueued. */
async function draw(instant: string) {
  clock.set(instant);
  await drawPlaces(t.db, t.app.deps.privacyKey, clock.now());
  await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
}

async function statusOf(sessionId: string, userId: string) {
  const [row] = await t.db
    .select({ status: groupSessionRegistrations.status })
    .from(groupSessionRegistrations)
    .where(and(eq(groupSessionRegistrations.sessionId, sessionId), eq(groupSessionRegistrations.userId, userId)));
  return row?.status;
}

describe("zero live bits", () => {
  it("gives a manager, an admin and another member the same answer to every group-session GET before and after one person registers, and after she cancels", async () => {
    clock.set(START);
    const psychologist = await verifiedPsychologist(t, admin.as, { name: "Dra. Clara Nunes" });
    // Taken two weeks on, when a past group has ended and its feedback period closed; the others are ahead.
    const ahead = at(400);
    const target = await createSession(a.manager, { capacity: 3, startsAt: ahead });
    const withPsychologist = await createSession(a.manager, {
      title: "Ansiedade",
      startsAt: ahead,
      facilitatorPsychologistId: psychologist.id,
    });
    const workshop = await createSession(a.manager, { kind: "workshop", title: "Sono e descanso", startsAt: ahead });
    const past = await createSession(a.manager, { title: "Grupo passado", startsAt: at(2) });
    const [other, her, ...regulars] = await members(a.company.id, 8);
    if (!other || !her) throw new Error("no people");
    for (const person of regulars) {
      await register(person, past.id);
      await register(person, target.id);
    }
    await register(other, workshop.id);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pdfBytes)], { type: "application/pdf" }), "Roteiro.pdf");
    const material = await a.manager.as({
      method: "POST",
      url: `/api/group-sessions/${target.id}/materials`,
      payload: form,
    });
    expect(material.statusCode, material.body).toBe(201);
    const materialId = material.json().material.id as string;
    await draw(at(1));
    const sessionsAhead = [target.id, withPsychologist.id, workshop.id];
    clock.set(at(3 + 14 * 24));

    // Every GET of the feature, from the OpenAPI document, with each session's id.
    const document = (await t.app.inject({ url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.entries(document.paths)
      .filter(([path, methods]) => path.startsWith("/api/group-sessions") && "get" in methods)
      .map(([path]) => path);
    expect(paths.length).toBeGreaterThanOrEqual(6);
    const urls = paths.flatMap((path) =>
      path.includes("{id}")
        ? [...sessionsAhead, past.id].map((id) => path.replace("{id}", id).replace("{materialId}", materialId))
        : [path, `${path}?companyId=${a.company.id}`, `${path}?audience=platform`],
    );
    const callers = { manager: a.manager, admin, other, psychologist } as const;
    const snapshot = async () => {
      const taken: Record<string, string> = {};
      for (const [who, caller] of Object.entries(callers)) {
        for (const url of urls) {
          const response = await caller.as({ url });
          // An error's requestId is per request; everything else must be equal.
          taken[`${who} ${url}`] = `${response.statusCode} ${response.body.replace(/"requestId":"[^"]*"/, "")}`;
        }
      }
      return taken;
    };
    // Reading releases what it releases once: a first read settles that, so any change below is her act.
    await snapshot();
    const snapshots = snapshot;
    const before = await snapshots();
    // The manager's list, the member's list and the psychologist's list are in it, with real content.
    expect(before[`manager /api/group-sessions/manage`]).toContain(target.id);
    expect(before[`other /api/group-sessions`]).toContain(target.id);
    expect(before[`psychologist /api/group-sessions/facilitating`]).toContain(withPsychologist.id);

    const registered = await register(her, target.id);
    expect(registered.statusCode).toBe(201);
    expect(registered.json().message).toMatch(/^Inscrição recebida/);
    expect(registered.json().session).toMatchObject({ myStatus: "requested", isFull: null, spotsLeft: null });
    const psychologistGroup = await register(her, withPsychologist.id);
    expect(psychologistGroup.statusCode).toBe(201);
    const during = await snapshots();
    for (const key of Object.keys(before)) expect(during[key], `her registration moved ${key}`).toBe(before[key]);

    for (const id of [target.id, withPsychologist.id])
      expect((await her.as({ method: "DELETE", url: `/api/group-sessions/${id}/registration` })).statusCode).toBe(200);
    const after = await snapshots();
    for (const key of Object.keys(before)) expect(after[key], `her cancellation moved ${key}`).toBe(before[key]);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    clock.set(START);
  }, 300_000);
});

describe("the draw", () => {
  it("gives exactly `capacity` places among more requests, by the keyed order, once, each person told only their own outcome", async () => {
    clock.set(START);
    const session = await createSession(a.manager, { capacity: 4, title: "Roda de conversa" });
    const people = await members(a.company.id, 9);
    for (const person of people) expect((await register(person, session.id)).statusCode).toBe(201);
    // Before the close, each sees the same: their request received and when the draw is.
    const view = (await people[0]?.as({ url: "/api/group-sessions" }))
      ?.json()
      .find((s: { id: string }) => s.id === session.id);
    expect(view).toMatchObject({ myStatus: "requested", isFull: null, spotsLeft: null, drawAt: at(24) });
    clock.set(at(23.9));
    await drawPlaces(t.db, t.app.deps.privacyKey, clock.now());
    expect(await statusOf(session.id, people[0]?.userId ?? "")).toBe("requested");

    await draw(at(24));
    const outcome = new Map<string, string | undefined>();
    for (const person of people) outcome.set(person.userId, await statusOf(session.id, person.userId));
    const winners = people.filter((person) => outcome.get(person.userId) === "registered");
    expect(winners).toHaveLength(4);
    expect(people.filter((person) => outcome.get(person.userId) === "not_drawn")).toHaveLength(5);
    // Reproducible: the keyed order, whatever order the requests came in, names the same four.
    const ids = people.map((person) => person.userId);
    const order = drawOrder(t.app.deps.privacyKey, session.id, ids);
    expect(drawOrder(t.app.deps.privacyKey, session.id, [...ids].reverse())).toEqual(order);
    expect(new Set(order.slice(0, 4))).toEqual(new Set(winners.map((person) => person.userId)));
    // Another session, another draw (the order is not one ranking of people).
    expect(drawOrder(t.app.deps.privacyKey, randomUUID(), ids)).not.toEqual(order);
    // Drawn once: running the job again changes nothing; registering is closed.
    await draw(at(24.5));
    for (const person of people) expect(await statusOf(session.id, person.userId)).toBe(outcome.get(person.userId));
    const late = (await members(a.company.id, 1))[0] as Person;
    expect((await register(late, session.id)).statusCode).toBe(409);

    // Each sees only their own outcome, by e-mail (the confirmation with the calendar invite) and on the page.
    for (const person of people) {
      const mine = t.mails.filter((mail) => mail.to === person.email);
      const isWinner = outcome.get(person.userId) === "registered";
      expect(mine.map((mail) => mail.subject)).toEqual([
        isWinner ? "Vaga confirmada: Compromisso Sereno" : "Resultado do sorteio: Compromisso Sereno",
      ]);
      expect(Boolean(mine[0]?.icalEvent)).toBe(isWinner);
      const seen = (await person.as({ url: "/api/group-sessions" }))
        .json()
        .find((s: { id: string }) => s.id === session.id);
      expect(seen).toMatchObject({ myStatus: isWinner ? "registered" : "not_drawn", isFull: null, spotsLeft: null });
      const ics = await person.as({ url: `/api/group-sessions/${session.id}/calendar.ics` });
      expect(ics.statusCode).toBe(isWinner ? 200 : 409);
    }
    // A place left after the draw is not handed on: that would tell someone another person left.
    const leaving = winners[0] as Person;
    expect(
      (await leaving.as({ method: "DELETE", url: `/api/group-sessions/${session.id}/registration` })).statusCode,
    ).toBe(200);
    for (const person of people.filter((p) => outcome.get(p.userId) === "not_drawn"))
      expect(await statusOf(session.id, person.userId)).toBe("not_drawn");
    clock.set(START);
  }, 120_000);
});

describe("sybils", () => {
  it("leaves accounts that joined after the session was set up out of its counts and its feedback", async () => {
    clock.set(START);
    const session = await createSession(a.manager, { capacity: 10, title: "Grupo de pais" });
    const early = await members(a.company.id, 5);
    // Invited by the manager after the session was announced.
    const sybils = await members(a.company.id, 3, new Date(new Date(at(1)).getTime()));
    for (const person of [...early, ...sybils]) expect((await register(person, session.id)).statusCode).toBe(201);
    await draw(at(24));
    clock.set(at(49.5));
    for (const person of [...early, ...sybils]) {
      const given = await person.as({
        method: "POST",
        url: `/api/group-sessions/${session.id}/feedback`,
        payload: { rating: 5 },
      });
      expect(given.statusCode, given.body).toBe(201);
    }
    // The late accounts' ratings are not kept (no figure would read them).
    const kept = await t.db
      .select({ rating: groupSessionFeedback.rating })
      .from(groupSessionFeedback)
      .where(eq(groupSessionFeedback.sessionId, session.id));
    expect(kept).toHaveLength(5);
    clock.set(at(49 + 14 * 24));
    const list = await a.manager.as({ url: "/api/group-sessions/manage" });
    expect(list.statusCode).toBe(200);
    // The stored figures were released from the 5 early people: the noisy count minus its keyed draw is 5.
    const figures = await t.db
      .select()
      .from(disclosedFigures)
      .where(
        and(
          eq(disclosedFigures.companyId, a.company.id),
          sql`${disclosedFigures.subject} LIKE ${`group-session:${session.id}:%`}`,
        ),
      );
    expect(figures.map((row) => row.subject).sort()).toEqual([
      `group-session:${session.id}:rating`,
      `group-session:${session.id}:registered`,
    ]);
    for (const row of figures) {
      const policy = figurePolicies[row.figure as "groupCount" | "groupRating"];
      const noise = discreteLaplace(
        t.app.deps.privacyKey,
        `${a.company.id}|${row.figure}|${row.subject}|count`,
        policy.countEpsilon,
        1,
      );
      expect(row.noisyCount, row.subject).toBe(Math.max(0, 5 + noise));
      if (5 + noise > 0) expect(row.noisyCount, row.subject).not.toBe(Math.max(0, 8 + noise));
    }
    clock.set(START);
  }, 120_000);
});

describe("feedback attack", () => {
  it("keeps one person's rating from being read back by a manager with four accounts of his own", async () => {
    // A company and sessions with fixed ids: the keyed noise is then the same on every run, and the test is stable.
    const companyId = "0b5e7a1c-3d2f-4c6b-9a8e-000000000032";
    await t.db
      .insert(companies)
      .values({ id: companyId, name: "Empresa do ataque", plan: "essencial", createdAt: TEST_EPOCH });
    const manager = await signedInPerson(t.app, t.db, { role: "manager", companyId });
    const controlled = await members(companyId, 4);
    const [target] = await members(companyId, 1);
    if (!target) throw new Error("no target");
    const trials = 200;
    const created = new Date(START);
    const start = new Date(at(-24 * 15));
    const ids = Array.from(
      { length: trials },
      (_, trial) => `0b5e7a1c-3d2f-4c6b-9a8e-${(1000 + trial).toString().padStart(12, "0")}`,
    );
    // Past sessions whose places were drawn (all five had one): set up in the database, then rated through the API.
    await t.db.insert(groupSessions).values(
      ids.map((id, trial) => ({
        id,
        audience: "company" as const,
        companyId,
        kind: "support_group" as const,
        title: `Grupo ${trial}`,
        description: "",
        facilitatorName: "Renata Prado",
        startsAt: new Date(start.getTime() + trial * 60_000),
        durationMinutes: 60,
        capacity: 10,
        modality: "online" as const,
        location: "https://meet.exemplo.com.br/grupo",
        drawnAt: start,
        createdAt: new Date(created.getTime() - 30 * 86_400_000),
      })),
    );
    await t.db.insert(groupSessionRegistrations).values(
      ids.flatMap((sessionId) =>
        [...controlled, target].map((person) => ({
          sessionId,
          userId: person.userId,
          status: "registered" as const,
        })),
      ),
    );
    clock.set(at(-24 * 14 + 2));
    const truth = new Map<string, number>();
    for (const [trial, sessionId] of ids.entries()) {
      const rating = (trial % 5) + 1;
      truth.set(sessionId, rating);
      for (const [person, value] of [...controlled.map((p) => [p, 5] as const), [target, rating] as const]) {
        const given = await person.as({
          method: "POST",
          url: `/api/group-sessions/${sessionId}/feedback`,
          payload: { rating: value },
        });
        expect(given.statusCode, given.body).toBe(201);
      }
    }
    clock.set(at(1));
    const list = (await manager.as({ url: "/api/group-sessions/manage" })).json() as {
      sessions: { id: string; feedback: { average: number | null; margin: number | null } }[];
    };
    let off = 0;
    let shown = 0;
    let offShown = 0;
    let clampedOffShown = 0;
    for (const sessionId of ids) {
      const feedback = list.sessions.find((s) => s.id === sessionId)?.feedback;
      const rating = truth.get(sessionId) ?? 0;
      if (!feedback || feedback.average === null) {
        off += 1;
        continue;
      }
      shown += 1;
      expect(feedback.margin).toBeGreaterThan(0);
      // The manager knows his four 5s: 5 × mean − 20 is his estimate of her rating.
      const estimate = 5 * feedback.average - 20;
      if (Math.abs(estimate - rating) >= 1 - 1e-9) {
        off += 1;
        offShown += 1;
      }
      const clamped = Math.min(5, Math.max(1, Math.round(estimate)));
      if (clamped !== rating) clampedOffShown += 1;
    }
    console.info(
      `feedback attack: ${trials} trials, ${shown} shown; off by ≥ 1 in ${off} (${((100 * off) / trials).toFixed(1)} %), ` +
        `among shown ${offShown}/${shown} (${((100 * offShown) / Math.max(1, shown)).toFixed(1)} %); ` +
        `an attacker who also clamps to 1–5 is off in ${clampedOffShown}/${shown} shown`,
    );
    expect(shown).toBeGreaterThan(0);
    expect(off / trials).toBeGreaterThanOrEqual(0.8);
    expect(offShown / shown).toBeGreaterThanOrEqual(0.8);
    const sums = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`SELECT count(*)::int AS n FROM disclosed_figures WHERE company_id = ${companyId} AND figure = 'groupRating'`,
      ),
    );
    expect(sums[0]?.n).toBe(trials);
    clock.set(START);
  }, 600_000);
});
