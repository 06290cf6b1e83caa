import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMargin, figurePolicies } from "#core/disclosure.ts";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import { listeningCases, listeningIdentities } from "#server/db/schema/index.ts";
import { discreteLaplace } from "#server/features/disclosure/noise.ts";
import { listeningCompany, writeCase } from "#tests/api/listening.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";
import { followLimit } from "./reporter.routes.ts";

const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let c: Awaited<ReturnType<typeof listeningCompany>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  // A fixed id, so the figures' keyed draws are the same every run (the "figures" test relies on it).
  c = await listeningCompany(t, { id: "00000000-0000-4000-8000-000000000049" });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

let address = 0;
/** Each call from its own address, so the follow limit is tested on its own. */
const follow = (payload: Record<string, string>, url = "/api/escuta/acompanhar", ip = `10.0.0.${++address % 250}`) =>
  t.app.inject({ method: "POST", url, remoteAddress: ip, headers: { origin: TEST_ORIGIN }, payload });
const caseIdOf = async (protocol: string) =>
  (await t.db.select().from(listeningCases).where(eq(listeningCases.protocol, protocol)))[0]?.id as string;

describe("identity protection in the schema", () => {
  const caseTables = ["listening_cases", "listening_messages", "listening_exclusions"];

  it("no column of the case tables references an account, and none holds a time finer than the day", async () => {
    const references = rowsOf<{ table_name: string; column_name: string; foreign_table: string }>(
      await t.db.execute(sql`
        select kcu.table_name, kcu.column_name, ccu.table_name as foreign_table
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and kcu.table_name in ('listening_cases', 'listening_messages', 'listening_exclusions')`),
    );
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      expect(["companies", "listening_cases", "listening_handlers"]).toContain(reference.foreign_table);
    }
    const columns = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
      await t.db.execute(sql`
        select table_name, column_name, data_type from information_schema.columns
        where table_name in ('listening_cases', 'listening_messages', 'listening_exclusions')`),
    );
    expect(new Set(columns.map((column) => column.table_name))).toEqual(new Set(caseTables));
    for (const column of columns) {
      expect(column.column_name).not.toMatch(/user|reporter_id|profile|session|email|_at$/);
      expect(column.data_type).not.toMatch(/timestamp|time/);
    }
    // The one table that names an account is the identified reporter's, and nothing references it.
    const intoIdentities = rowsOf(
      await t.db.execute(sql`
        select 1 from information_schema.constraint_column_usage ccu
        join information_schema.table_constraints tc on tc.constraint_name = ccu.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'listening_identities'`),
    );
    expect(intoIdentities).toEqual([]);
  });

  it("an anonymous case has no identity row; an identified one has exactly the reporter's", async () => {
    const anonymous = await writeCase(c.member);
    const identified = await writeCase(c.member, { kind: "mensagem", category: "sugestao", identified: true });
    const identities = await t.db.select().from(listeningIdentities);
    const anonymousId = await caseIdOf(anonymous.protocol);
    const identifiedId = await caseIdOf(identified.protocol);
    expect(identities.filter((row) => row.caseId === anonymousId)).toEqual([]);
    expect(identities.filter((row) => row.caseId === identifiedId)).toEqual([
      { caseId: identifiedId, userId: c.member.userId },
    ]);
    const [stored] = await t.db.select().from(listeningCases).where(eq(listeningCases.id, anonymousId));
    expect(JSON.stringify(stored)).not.toContain(anonymous.secret);
    expect(stored?.receivedOn).toBe("2026-11-22");
    const [handler] = c.handlers;
    const view = (id: string) => handler.as({ method: "GET", url: `/api/escuta/casos/${id}` });
    expect((await view(anonymousId)).json().reporter).toBeNull();
    expect((await view(identifiedId)).json().reporter).toEqual({ name: "Membro Mel", email: c.member.email });
  });

  it("refuses a category of the other kind and handlers of another company", async () => {
    const wrongKind = await c.member.as({
      method: "POST",
      url: "/api/escuta/casos",
      payload: { kind: "mensagem", category: "violencia", body: "x" },
    });
    expect(wrongKind.statusCode).toBe(400);
    const other = await listeningCompany(t);
    const foreign = await c.member.as({
      method: "POST",
      url: "/api/escuta/casos",
      payload: { kind: "denuncia", category: "outro", body: "x", excludedHandlerIds: [other.handlers[0].handlerId] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(m.excludedUnknown);
  }, 120_000);
});

describe("following a case with protocol and secret", () => {
  it("reads the handler's reply, never the internal note, and answers in the thread", async () => {
    const { protocol, secret } = await writeCase(c.member, { body: "Primeira mensagem" });
    const id = await caseIdOf(protocol);
    const [handler] = c.handlers;
    const post = (payload: object) => handler.as({ method: "POST", url: `/api/escuta/casos/${id}/mensagens`, payload });
    expect((await post({ body: "Recebemos, obrigado." })).statusCode).toBe(201);
    expect((await post({ body: "Nota só da equipe", isInternal: true })).statusCode).toBe(201);
    const read = await follow({ protocol: protocol.toLowerCase(), secret });
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((message: { body: string }) => message.body)).toEqual([
      "Primeira mensagem",
      "Recebemos, obrigado.",
    ]);
    expect(read.body).not.toMatch(/Helena|Hugo|handlerId/);
    const answer = await follow({ protocol, secret, body: "Obrigada" }, "/api/escuta/acompanhar/mensagens");
    expect(answer.statusCode).toBe(201);
    expect(answer.json().messages).toHaveLength(3);
    const inbox = (await handler.as({ method: "GET", url: `/api/escuta/casos/${id}` })).json();
    expect(inbox.messages.map((message: { isInternal: boolean }) => message.isInternal)).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it("answers a wrong secret exactly as an unknown protocol", async () => {
    const { protocol, secret } = await writeCase(c.member);
    const wrong = await follow({ protocol, secret: secret.replace(/^./, (ch) => (ch === "A" ? "B" : "A")) });
    const unknown = await follow({ protocol: "ESC-2222-2222", secret });
    for (const reply of [wrong, unknown]) {
      expect(reply.statusCode).toBe(404);
      expect(reply.json().error.message).toBe(m.caseNotFound);
    }
    const { requestId: _a, ...wrongBody } = wrong.json().error;
    const { requestId: _b, ...unknownBody } = unknown.json().error;
    expect(wrongBody).toEqual(unknownBody);
  });

  it("limits guesses per address", async () => {
    const ip = "10.9.9.9";
    const guesses = [];
    for (let i = 0; i < followLimit.max + 1; i++) {
      guesses.push(
        (await follow({ protocol: "ESC-3333-3333", secret: "AAAA-BBBB-CCCC-DDDD" }, undefined, ip)).statusCode,
      );
    }
    expect(guesses.slice(0, followLimit.max).every((status) => status === 404)).toBe(true);
    expect(guesses.at(-1)).toBe(429);
  });
});

describe("handlers", () => {
  it("an excluded handler gets 404 on every way in; the other handler sees the case", async () => {
    const [helena, hugo] = c.handlers;
    const { protocol } = await writeCase(c.member, { excludedHandlerIds: [hugo.handlerId] });
    const id = await caseIdOf(protocol);
    const listed = async (person: typeof hugo) =>
      (await person.as({ method: "GET", url: "/api/escuta/casos" }))
        .json()
        .items.map((item: { id: string }) => item.id);
    expect(await listed(helena)).toContain(id);
    expect(await listed(hugo)).not.toContain(id);
    const tries = [
      await hugo.as({ method: "GET", url: `/api/escuta/casos/${id}` }),
      await hugo.as({ method: "POST", url: `/api/escuta/casos/${id}/mensagens`, payload: { body: "oi" } }),
      await hugo.as({ method: "PATCH", url: `/api/escuta/casos/${id}`, payload: { status: "arquivada" } }),
    ];
    expect(tries.map((reply) => reply.statusCode)).toEqual([404, 404, 404]);
    const missing = await hugo.as({ method: "GET", url: "/api/escuta/casos/00000000-0000-4000-8000-000000000000" });
    expect(tries[0]?.json().error.message).toBe(missing.json().error.message);
    // Un-appointed and appointed again, still kept out.
    const base = `/api/admin/companies/${c.company.id}/escuta/responsaveis`;
    await c.admin.as({ method: "DELETE", url: `${base}/${hugo.handlerId}` });
    expect((await hugo.as({ method: "GET", url: "/api/escuta/casos" })).statusCode).toBe(403);
    await c.admin.as({ method: "POST", url: base, payload: { userId: hugo.userId } });
    expect(await listed(hugo)).not.toContain(id);
  });

  it("a manager who is not a handler, a member and another company's handler see no case", async () => {
    const { protocol } = await writeCase(c.member);
    const id = await caseIdOf(protocol);
    const other = await listeningCompany(t);
    expect((await c.manager.as({ method: "GET", url: "/api/escuta/casos" })).statusCode).toBe(403);
    expect((await c.member.as({ method: "GET", url: `/api/escuta/casos/${id}` })).statusCode).toBe(403);
    expect((await other.handlers[0].as({ method: "GET", url: `/api/escuta/casos/${id}` })).statusCode).toBe(404);
  }, 120_000);

  it("status and deadline change; each act is in the audit trail without the case's text", async () => {
    const secretText = "Texto que jamais vai ao registro Kw7731";
    const { protocol } = await writeCase(c.member, { body: secretText });
    const id = await caseIdOf(protocol);
    const [helena] = c.handlers;
    await helena.as({ method: "POST", url: `/api/escuta/casos/${id}/mensagens`, payload: { body: `${secretText} b` } });
    const patched = await helena.as({
      method: "PATCH",
      url: `/api/escuta/casos/${id}`,
      payload: { status: "concluida", deadlineOn: "2026-12-15" },
    });
    expect(patched.json()).toEqual({ id, status: "concluida", deadlineOn: "2026-12-15" });
    const [row] = await t.db.select().from(listeningCases).where(eq(listeningCases.id, id));
    expect(row?.closedOn).toBe("2026-11-22");
    const entries = rowsOf<{ action: string; details: unknown }>(
      await t.db.execute(sql`select action, details from audit_log where target_id = ${id} order by created_at`),
    );
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      ["listening.deadline", "listening.reply", "listening.status"].sort(),
    );
    expect(JSON.stringify(entries)).not.toContain("Kw7731"); // letters: no id (hex) can hold it
  });
});

describe("retention", () => {
  it("deletes closed cases past the company's retention, keeps the rest", async () => {
    const old = await writeCase(c.member);
    const open = await writeCase(c.member);
    const oldId = await caseIdOf(old.protocol);
    await t.db
      .update(listeningCases)
      .set({ status: "arquivada", closedOn: "2025-11-20" })
      .where(eq(listeningCases.id, oldId));
    const setYears = (years: number) =>
      c.admin.as({
        method: "PUT",
        url: `/api/admin/companies/${c.company.id}/escuta/guarda`,
        payload: { retentionYears: years },
      });
    expect((await setYears(0)).statusCode).toBe(400);
    expect((await setYears(1)).json().retentionYears).toBe(1);
    const job = t.app.deps.jobs.find((definition) => definition.name === "listening-retention");
    await job?.run({ db: t.db, now: new Date("2026-11-20T12:00:00-03:00") } as never);
    expect(await caseIdOf(old.protocol)).toBe(oldId);
    await job?.run({ db: t.db, now: new Date("2026-11-21T12:00:00-03:00") } as never);
    expect(await caseIdOf(old.protocol)).toBeUndefined();
    expect(await caseIdOf(open.protocol)).toBeDefined();
    await setYears(5);
  });
});

describe("figures", () => {
  // Nothing read this company's figures before: a closed quarter is released once, on its first read.
  it("counts a closed quarter's cases through the disclosure layer, the same on every read", async () => {
    clock.set("2026-08-10T12:00:00-03:00");
    for (let i = 0; i < 30; i++) await writeCase(c.member);
    clock.set("2026-11-22T12:00:00-03:00");
    const read = async () => (await c.manager.as({ method: "GET", url: "/api/escuta/numeros" })).json();
    const first = await read();
    const q3 = first.quarters.find((quarter: { id: string }) => quarter.id === "2026-T3");
    // Each count is the 30 cases plus its own keyed draw (ε = 0,5): recomputed here, so the test checks that
    // exactly the quarter's 30 went in. A random company's draw would leave it off by 15 or more about 1 run
    // in 1,500; this company's id is fixed, and its draws keep both counts over k.
    const draw = (subject: string) =>
      discreteLaplace(t.app.deps.privacyKey, `${c.company.id}|listeningCount|2026-T3|${subject}|count`, 0.5, 1);
    const margin = countMargin(figurePolicies.listeningCount);
    expect(q3.byCategory.assedio_moral).toEqual({ shown: true, count: 30 + draw("categoria|assedio_moral"), margin });
    expect(q3.byCategory.elogio.shown).toBe(false);
    expect(q3.byStatus.recebida).toEqual({ shown: true, count: 30 + draw("situacao|recebida"), margin });
    // A case written now moves nothing: the current quarter is not shown, and closed ones are stored.
    await writeCase(c.member);
    expect(await read()).toEqual(first);
    expect(JSON.stringify(first)).not.toMatch(/ESC-|Texto do caso/);
  }, 120_000);
});
