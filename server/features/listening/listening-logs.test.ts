/**
 * A case's text never reaches the log, the job table or the audit trail
 * (issue 35), as roster-logs.test.ts proves for CPFs: a case is written,
 * followed, answered and noted through the app with the real logger at debug
 * level, with a bad request among them, and every line is searched for the
 * texts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listeningCases } from "#server/db/schema/index.ts";
import { listeningCompany, writeCase } from "#tests/api/listening.ts";
import { jpegWithExif, messageForm, SECRET_AUTHOR } from "#tests/api/listening-files.ts";
import { captureLog } from "#tests/api/log-capture.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

const { lines, logger } = captureLog();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger });
});
afterAll(async () => {
  await t.close();
});

it("no case text, protocol or secret in the log, the jobs or the audit trail", async () => {
  const c = await listeningCompany(t);
  const texts = ["Relato-sigiloso-4417", "Resposta-sigilosa-5521", "Nota-sigilosa-6630", "Retorno-sigiloso-7742"];
  const { protocol, secret } = await writeCase(c.member, { body: texts[0] });
  const [row] = await t.db.select().from(listeningCases).where(eq(listeningCases.protocol, protocol));
  const id = row?.id ?? "";
  const [handler] = c.handlers;
  await handler.as({ method: "POST", url: `/api/escuta/casos/${id}/mensagens`, payload: { body: texts[1] } });
  await handler.as({
    method: "POST",
    url: `/api/escuta/casos/${id}/mensagens`,
    payload: { body: texts[2], isInternal: true },
  });
  await handler.as({ method: "PATCH", url: `/api/escuta/casos/${id}`, payload: { status: "em_apuracao" } });
  await handler.as({ method: "GET", url: `/api/escuta/casos/${id}` });
  const follow = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN }, payload });
  expect((await follow("/api/escuta/acompanhar/mensagens", { protocol, secret, body: texts[3] })).statusCode).toBe(201);
  // Refused requests: a wrong secret, a body with a control character (400) and a category of the other kind.
  await follow("/api/escuta/acompanhar", { protocol, secret: "AAAA-AAAA-AAAA-AAAA" });
  await follow("/api/escuta/acompanhar/mensagens", { protocol, secret, body: `${texts[3]}\u0000` });
  await c.member.as({
    method: "POST",
    url: "/api/escuta/casos",
    payload: { kind: "mensagem", category: "violencia", body: texts[0] },
  });
  // Attachments (decision 052): a file named after a person, sent, refused, downloaded by both sides.
  // Its distinctive part has letters a request id (hex) cannot hold: "8853" alone turned up in one.
  const fileName = "Arquivo-sigiloso-Kw8853.jpg";
  const withFile = await messageForm({ protocol, secret, body: texts[3] }, [{ bytes: jpegWithExif(), name: fileName }]);
  const sent = await t.app.inject({
    method: "POST",
    url: "/api/escuta/acompanhar/mensagens",
    headers: { origin: TEST_ORIGIN, ...withFile.headers },
    payload: withFile.payload,
  });
  expect(sent.statusCode).toBe(201);
  const refused = await messageForm({ protocol, secret, body: texts[3] }, [
    { bytes: Buffer.from("<html></html>"), name: fileName },
  ]);
  await t.app.inject({
    method: "POST",
    url: "/api/escuta/acompanhar/mensagens",
    headers: { origin: TEST_ORIGIN, ...refused.headers },
    payload: refused.payload,
  });
  const fileId = sent.json().messages.at(-1).attachments[0].id;
  expect((await follow(`/api/escuta/acompanhar/anexos/${fileId}`, { protocol, secret })).statusCode).toBe(200);
  await handler.as({ method: "GET", url: `/api/escuta/casos/${id}/anexos/${fileId}` });
  await t.runJobs();

  const stored = JSON.stringify([
    await t.db.execute(sql`select * from jobs`),
    await t.db.execute(sql`select * from audit_log`),
    await t.db.execute(sql`select * from rate_limits`),
  ]);
  expect(lines.length).toBeGreaterThan(5);
  const log = lines.join("\n");
  for (const text of [...texts, secret, fileName, "Kw8853", SECRET_AUTHOR]) {
    expect(log).not.toContain(text);
    expect(stored).not.toContain(text);
  }
  expect(log).not.toContain(protocol);
  expect(stored).toContain("listening.note");
}, 180_000);
