/**
 * What the database and the disk keep of an anonymous case's moment (docs/decisions/063): no session
 * write in or near its transaction, and only the day, for the case, its messages and its files.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import { listeningAttachments, listeningCases, session } from "#server/db/schema/index.ts";
import { listeningCompany } from "#tests/api/listening.ts";
import { messageForm, pngWithText } from "#tests/api/listening-files.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let c: Awaited<ReturnType<typeof listeningCompany>>;

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    env: { LISTENING_CASES_PER_PERSON_HOUR: "5", LISTENING_CASES_PER_COMPANY_HOUR: "30" },
  });
  c = await listeningCompany(t);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

/** The member's session rows as stored, with the system columns that order writes. */
async function sessionRows(userId: string) {
  return rowsOf<{ updated_at: string; expires_at: string; xmin: string }>(
    await t.db.execute(
      sql`select updated_at::text, expires_at::text, xmin::text from session where user_id = ${userId} order by id`,
    ),
  );
}

describe("an anonymous case", () => {
  it("leaves the author's session row unwritten, though its 'last active' and expiry were due", async () => {
    // Due for both refreshes: last used an hour ago, expiring in 2 days.
    await t.db
      .update(session)
      .set({ updatedAt: sql`now() - interval '1 hour'`, expiresAt: sql`now() + interval '2 days'` })
      .where(eq(session.userId, c.member.userId));
    const before = await sessionRows(c.member.userId);
    const form = await messageForm({ kind: "denuncia", category: "assedio_moral", body: "Aconteceu de novo." }, [
      { bytes: pngWithText(), name: "print.png", type: "image/png" },
    ]);
    const reply = await c.member.as({ method: "POST", url: "/api/escuta/casos", ...form });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await sessionRows(c.member.userId)).toEqual(before);

    // Any other request of hers still refreshes it.
    expect((await c.member.as({ method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect((await sessionRows(c.member.userId))[0]?.updated_at).not.toBe(before[0]?.updated_at);
  });

  it("stores only the day for the case, its message and its files, and the files' times say that day", async () => {
    const form = await messageForm({ kind: "mensagem", category: "sugestao", body: "Uma ideia." }, [
      { bytes: pngWithText(), name: "print.png", type: "image/png" },
    ]);
    const reply = await c.member.as({ method: "POST", url: "/api/escuta/casos", ...form });
    expect(reply.statusCode, reply.body).toBe(201);
    const [row] = await t.db.select().from(listeningCases).where(eq(listeningCases.protocol, reply.json().protocol));
    expect(row?.receivedOn).toBe("2026-11-22");
    // No column of the case's tables holds a time of day.
    const timed = rowsOf<{ table_name: string; column_name: string }>(
      await t.db.execute(sql`select table_name, column_name from information_schema.columns
        where table_name like 'listening_%' and data_type like 'timestamp%'
          and table_name in ('listening_cases', 'listening_messages', 'listening_attachments', 'listening_exclusions', 'listening_identities')`),
    );
    expect(timed).toEqual([]);
    const [file] = await t.db
      .select()
      .from(listeningAttachments)
      .where(eq(listeningAttachments.caseId, row?.id ?? ""));
    const onDisk = path.join(t.dataDir, "storage", "exercise-files", file?.storageKey ?? "");
    const day = Date.parse("2026-11-22T00:00:00Z");
    expect(statSync(onDisk).mtimeMs).toBe(day);
    expect(statSync(path.dirname(onDisk)).mtimeMs).toBe(day);
  });
});

describe("the limit on cases", () => {
  it("refuses a person's 6th case in an hour with a 429 in pt-BR, storing nothing, and lets a colleague write", async () => {
    const author = await signedInPerson(t.app, t.db, { companyId: c.company.id });
    const colleague = await signedInPerson(t.app, t.db, { companyId: c.company.id });
    const write = (person: typeof author) =>
      person.as({
        method: "POST",
        url: "/api/escuta/casos",
        payload: { kind: "mensagem", category: "sugestao", body: "Mais uma ideia." },
      });
    const countCases = async () =>
      (await t.db.select().from(listeningCases).where(eq(listeningCases.companyId, c.company.id))).length;
    for (let i = 0; i < 5; i++) expect((await write(author)).statusCode).toBe(201);
    const before = await countCases();
    const refused = await write(author);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(m.tooManyCases);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countCases()).toBe(before);
    expect((await write(colleague)).statusCode).toBe(201);
    // The database holds the company's count for the hour, and nothing naming a person or an address.
    const limits = rowsOf<{ key: string; reset_at: string }>(
      await t.db.execute(sql`select key, reset_at::text from rate_limits where key like 'escuta:casos%'`),
    );
    expect(limits.map((row) => row.key)).toEqual([`escuta:casos:empresa:${c.company.id}`]);
    expect(new Date(limits[0]?.reset_at ?? "").getTime() % 3_600_000).toBe(0);
  });

  it("refuses a company's cases past 30 an hour, whoever writes", async () => {
    const other = await listeningCompany(t);
    await t.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${`escuta:casos:empresa:${other.company.id}`}, 30, now() + interval '10 minutes')`,
    );
    const person = await signedInPerson(t.app, t.db, { companyId: other.company.id });
    const refused = await person.as({
      method: "POST",
      url: "/api/escuta/casos",
      payload: { kind: "mensagem", category: "sugestao", body: "Uma ideia." },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(m.tooManyCases);
  });
});
