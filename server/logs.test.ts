/**
 * The log holds no secrets and no personal data (docs/design.md §4.8, docs/decisions/016):
 * a representative flow runs through the API with the real logger at debug
 * level, then every line is searched for the tokens, notes, passwords and
 * e-mail addresses the flow used.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#server/errors.ts";
import { publicAccess } from "#server/features/auth/access.ts";
import { createMailer, type Mail, trackingMailer } from "#server/mail/mailer.ts";
import { signedInPerson, signIn } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";
import { createLogger, loggableError, redactUrl } from "./logger.ts";

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  },
});
const log = createLogger({ level: "debug", stream: sink });
const outboxDir = mkdtempSync(path.join(tmpdir(), "sereno-outbox-"));
const outbox = createMailer({ from: "Sereno <no-reply@localhost>", outboxDir, log });
const mails: Mail[] = [];
/** Secrets and personal data the flow handles: none may reach the log. */
const secrets = new Set<string>();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: log,
    mailer: trackingMailer(async (mail) => {
      mails.push(mail);
      await outbox.send(mail);
    }),
    addRoutes(app) {
      // A database error whose parameters carry a secret: the check constraint refuses mood 9.
      app.post("/api/test/db-failure", { config: { access: publicAccess } }, async (request) => {
        const { note, token } = request.body as { note: string; token: string };
        try {
          await app.deps.db.execute(
            sql`insert into user_progress (user_id, mood, notes, day) values (${token}, 9, ${note}, '2026-11-22')`,
          );
        } catch (error) {
          throw new AppError("SERVICE_UNAVAILABLE", "Falhou.", { cause: error });
        }
        return {};
      });
      app.post("/api/test/db-crash", { config: { access: publicAccess } }, async (request) => {
        const { note } = request.body as { note: string };
        // A bug, not bad input: a missing table is a 500 (a data error such as a bad uuid would be a 400).
        await app.deps.db.execute(sql`select ${note} from no_such_table`);
        return {};
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };
const tokenIn = (text: string | undefined, pattern: RegExp) => {
  const token = text?.match(pattern)?.[1];
  if (!token) throw new Error(`no token matching ${pattern}`);
  secrets.add(token);
  secrets.add(encodeURIComponent(token));
  return decodeURIComponent(token);
};

describe("logs", () => {
  it("hold no token, note, password or e-mail address after a representative flow", async () => {
    // An admin creates a company; its manager accepts the invitation (token in the link's fragment).
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    secrets
      .add(admin.email)
      .add(admin.cookie.split("=")[1] as string)
      .add(admin.token);
    const managerEmail = "gestora.logs@exemplo.com.br";
    secrets.add(managerEmail);
    const created = await admin.as({
      method: "POST",
      url: "/api/admin/companies",
      payload: { name: "Logs Ltda", manager_name: "Gestora Logs", manager_email: managerEmail, plan: "essencial" },
    });
    expect(created.statusCode).toBe(201);
    await t.deliverInvites();
    const adminToken = tokenIn(mails.at(-1)?.text, /access_token=([^&\s]+)/);
    const managerPassword = "senha-da-gestora-77";
    secrets.add(managerPassword);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/invites/lookup?token=${encodeURIComponent(adminToken)}` }))
        .statusCode,
    ).toBe(200);
    const accepted = await t.app.inject({
      method: "POST",
      url: "/api/invites/accept",
      headers: json,
      payload: { token: adminToken, password: managerPassword, consent: true },
    });
    expect(accepted.statusCode).toBe(201);

    // The manager signs in and invites a member, who accepts at /accept-invite?token=…
    const manager = await signIn(t.app, managerEmail, managerPassword);
    secrets.add(manager.token);
    const memberEmail = "membro.logs@exemplo.com.br";
    secrets.add(memberEmail);
    const invited = await t.app.inject({
      method: "POST",
      url: "/api/team/invites",
      headers: { ...json, cookie: manager.cookie },
      payload: { name: "Membro Logs", email: memberEmail },
    });
    expect(invited.statusCode).toBe(201);
    await t.deliverInvites();
    const memberToken = tokenIn(mails.at(-1)?.text, /token=([\w%-]+)/);
    await t.app.inject({ method: "GET", url: `/accept-invite?token=${encodeURIComponent(memberToken)}` });
    await t.app.inject({ method: "GET", url: `/api/invites/lookup?token=${encodeURIComponent(memberToken)}` });
    const memberPassword = "senha-do-membro-88";
    secrets.add(memberPassword);
    await t.app.inject({
      method: "POST",
      url: "/api/invites/accept",
      headers: json,
      payload: { token: memberToken, password: memberPassword, consent: true },
    });

    // Password recovery: the link has the token in its path, then in the query of /reset-password.
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: json,
      payload: { email: memberEmail, redirectTo: `${TEST_ORIGIN}/reset-password` },
    });
    for (let i = 0; i < 50 && !mails.at(-1)?.subject.includes("senha"); i++)
      await new Promise((r) => setTimeout(r, 20));
    const link = new URL(mails.at(-1)?.text.match(/https?:\/\/\S*reset-password\/\S+/)?.[0] as string);
    const resetToken = tokenIn(link.pathname, /reset-password\/([\w-]+)/);
    const opened = await t.app.inject({ method: "GET", url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    await t.app.inject({ method: "GET", url: `/reset-password?token=${resetToken}` });
    const newPassword = "nova-senha-do-membro-99";
    secrets.add(newPassword);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: json,
      payload: { token: resetToken, newPassword },
    });
    expect(reset.statusCode).toBe(200);

    // The member signs in and checks in with a note.
    const member = await signIn(t.app, memberEmail, newPassword);
    secrets.add(member.token).add(member.cookie.split("=")[1] as string);
    const note = "hoje eu chorei no banheiro do escritório";
    secrets.add(note);
    const checkIn = await t.app.inject({
      method: "POST",
      url: "/api/check-ins",
      headers: { ...json, cookie: member.cookie },
      payload: { mood: 2, notes: note },
    });
    expect(checkIn.statusCode).toBe(201);

    // Database errors carrying parameters, logged as 5xx.
    const failureNote = "nota secreta que fez o banco falhar";
    const failureToken = "tok_segredo_no_parametro_123456";
    secrets.add(failureNote).add(failureToken);
    const failed = await t.app.inject({
      method: "POST",
      url: "/api/test/db-failure",
      headers: json,
      payload: { note: failureNote, token: failureToken },
    });
    expect(failed.statusCode).toBe(503);
    const crashNote = "outra-nota-secreta-no-erro";
    secrets.add(crashNote);
    const crashed = await t.app.inject({
      method: "POST",
      url: "/api/test/db-crash",
      headers: json,
      payload: { note: crashNote },
    });
    expect(crashed.statusCode).toBe(500);

    // Tokens in the query of any URL, and an OAuth-style callback.
    await t.app.inject({ method: "GET", url: "/api/invites/lookup?token=tok_qualquer_na_url_abcdefghij" });
    await t.app.inject({ method: "GET", url: "/api/auth/callback/google?code=codigo-oauth-secreto&state=estado-x" });
    secrets.add("tok_qualquer_na_url_abcdefghij").add("codigo-oauth-secreto");
    await t.app.inject({ method: "GET", url: "/qualquer?x=1&token=tok_em_pagina_publica_987" });
    secrets.add("tok_em_pagina_publica_987");

    await t.mailer.drain();
    expect(readdirSync(outboxDir).length).toBeGreaterThanOrEqual(3);
    expect(readFileSync(path.join(outboxDir, readdirSync(outboxDir)[0] as string), "utf8")).toContain("http");

    // None of what the flow handled is in the log…
    const leaks = [...secrets].filter((secret) => lines.some((line) => line.includes(secret)));
    expect(leaks).toEqual([]);
    expect(lines.filter((line) => /[\w.+-]+@[\w-]+\.[\w.]+/.test(line))).toEqual([]);
    expect(lines.filter((line) => /params|"detail"/.test(line))).toEqual([]);
    // …though the log (at debug level) did record the flow, its errors and request URLs…
    expect(log.level).toBe("debug");
    const parsed = lines.map((line) => JSON.parse(line) as { level: number; msg?: string; req?: { url: string } });
    expect(parsed.filter((line) => line.level >= 50).length).toBeGreaterThanOrEqual(2);
    expect(parsed.some((line) => line.req?.url.startsWith("/api/auth/reset-password/[redacted]"))).toBe(true);
    expect(parsed.some((line) => line.req?.url === "/accept-invite?token=[redacted]")).toBe(true);
    expect(lines.some((line) => line.includes("23514"))).toBe(true); // the SQLSTATE stays, for the operator
  });

  it("keeps an error's words but not its values", () => {
    const driver = Object.assign(new Error('invalid input syntax for type uuid: "segredo-123"'), {
      code: "22P02",
      detail: "Key (token)=(segredo-123) already exists.",
    });
    const wrapped = new Error("Failed query: select $1::uuid\nparams: segredo-123", { cause: driver });
    const mail = new Error("Can't send mail - all recipients were rejected: 550 <ana@exemplo.com.br>");
    const logged = JSON.stringify([loggableError(wrapped), loggableError(mail)]);
    expect(logged).not.toMatch(/segredo-123|ana@exemplo/);
    expect(logged).toContain("Failed query: select $1::uuid");
    expect(logged).toContain("invalid input syntax for type uuid");
    expect(logged).toContain("22P02");
  });

  it("redacts secret query values and reset tokens in URLs", () => {
    expect(redactUrl("/api/invites/lookup?token=abc")).toBe("/api/invites/lookup?token=[redacted]");
    expect(redactUrl("/x?a=1&Token=abc&b=2")).toBe("/x?a=1&Token=[redacted]&b=2");
    expect(redactUrl("/api/auth/reset-password/abc123?callbackURL=%2Freset-password")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=[redacted]",
    );
    expect(redactUrl("/api/auth/callback/google?code=c&state=s")).toBe(
      "/api/auth/callback/google?code=[redacted]&state=[redacted]",
    );
    expect(redactUrl("/dashboard")).toBe("/dashboard");
  });
});
