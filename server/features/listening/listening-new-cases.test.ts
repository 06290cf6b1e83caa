/**
 * The handler's menu badge (issue 45, docs/decisions/067): the cases no handler has opened yet, from the
 * day after they arrive, only for this company's handlers, and nothing but a number.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { listeningCases } from "#server/db/schema/index.ts";
import { listeningCompany, writeCase } from "#tests/api/listening.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let c: Awaited<ReturnType<typeof listeningCompany>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  c = await listeningCompany(t);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const newCount = async (person: { as: (typeof c.member)["as"] }) => {
  const reply = await person.as({ method: "GET", url: "/api/escuta/casos/novos" });
  return { status: reply.statusCode, body: reply.json() };
};
const caseIdOf = async (protocol: string) =>
  (await t.db.select().from(listeningCases).where(eq(listeningCases.protocol, protocol)))[0]?.id as string;

describe("GET /api/escuta/casos/novos", () => {
  it("counts the open cases no handler has opened, from the day after they arrive", async () => {
    const [helena, hugo] = c.handlers;
    const seen = await writeCase(c.member);
    const kept = await writeCase(c.member, {
      kind: "mensagem",
      category: "sugestao",
      excludedHandlerIds: [hugo.handlerId],
    });
    const closed = await writeCase(c.member, { kind: "mensagem", category: "elogio" });
    // The same day: no count moves the moment a case arrives (decision 067).
    expect(await newCount(helena)).toEqual({ status: 200, body: { count: 0 } });

    clock.set("2026-11-23T09:00:00-03:00");
    expect((await newCount(helena)).body).toEqual({ count: 3 });
    // The case the reporter kept Hugo out of is not his to count.
    expect((await newCount(hugo)).body).toEqual({ count: 2 });

    const closedId = await caseIdOf(closed.protocol);
    expect(
      (await helena.as({ method: "PATCH", url: `/api/escuta/casos/${closedId}`, payload: { status: "arquivada" } }))
        .statusCode,
    ).toBe(200);
    expect((await newCount(helena)).body).toEqual({ count: 2 });

    // Hugo opens one: it is no longer new for any handler.
    expect(
      (await hugo.as({ method: "GET", url: `/api/escuta/casos/${await caseIdOf(seen.protocol)}` })).statusCode,
    ).toBe(200);
    expect((await newCount(helena)).body).toEqual({ count: 1 });
    expect((await newCount(hugo)).body).toEqual({ count: 0 });

    expect(
      (await helena.as({ method: "GET", url: `/api/escuta/casos/${await caseIdOf(kept.protocol)}` })).statusCode,
    ).toBe(200);
    expect((await newCount(helena)).body).toEqual({ count: 0 });
  });

  it("answers only the company's handlers, with the same refusal as the inbox", async () => {
    for (const person of [c.member, c.manager, c.admin]) {
      const reply = await newCount(person);
      expect(reply.status).toBe(403);
      expect(reply.body.error.message).toBe(m.notHandler);
    }
    const other = await listeningCompany(t);
    await writeCase(other.member);
    clock.set("2026-11-24T09:00:00-03:00");
    // Another company's handler counts only their own company's case.
    expect((await newCount(other.handlers[0])).body).toEqual({ count: 1 });
    expect((await t.app.inject({ method: "GET", url: "/api/escuta/casos/novos" })).statusCode).toBe(401);
  });
});
