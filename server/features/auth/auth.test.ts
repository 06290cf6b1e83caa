import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { authMessages } from "#core/auth-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { createPerson, signedInPerson, signIn, TEST_PASSWORD } from "#tests/api/sessions.ts";
import { linkIn, startSmtpSink } from "#tests/api/smtp-sink.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

/**
 * The tests that sign in dozens of times: each attempt hashes a password (scrypt), about a second on a
 * loaded 2-core machine with the browser tests alongside (npm test runs them side by side), so they get
 * minutes, not the default 30 s.
 */
const SIGN_IN_LOOP_TIMEOUT = 120_000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "Sereno <no-reply@sereno.test>",
    outboxDir: "",
    log: pino({ level: "silent" }),
  });
  t = await createTestApp({ mailer });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const json = { origin: TEST_ORIGIN, "content-type": "application/json" };

function post(url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...json, ...headers },
    payload: payload as object,
    remoteAddress,
  });
}

describe("sign-in", () => {
  it("signs in with the right password and sets an httpOnly session cookie", async () => {
    const person = await createPerson(t.db);
    const response = await post("/api/auth/sign-in/email", { email: person.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const cookie = [response.headers["set-cookie"]].flat().join("\n");
    expect(cookie).toMatch(/sereno\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("answers a wrong password and an unknown e-mail alike, in pt-BR", async () => {
    const person = await createPerson(t.db);
    const wrong = await post("/api/auth/sign-in/email", { email: person.email, password: "nao-e-essa-senha" });
    const unknown = await post("/api/auth/sign-in/email", {
      email: "ninguem@exemplo.com.br",
      password: "qualquer-senha",
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(authMessages.invalidCredentials);
    }
  });

  it("refuses a malformed request with a 400", async () => {
    const response = await post("/api/auth/sign-in/email", { email: "sem-arroba", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/[a-zà-ú]/);
  });

  it("blocks an (account, address) pair after 10 failures, with Retry-After, and only that pair", async () => {
    const person = await createPerson(t.db);
    for (let i = 0; i < 10; i++) {
      const r = await post(
        "/api/auth/sign-in/email",
        { email: person.email, password: `errada-${i}-xyz` },
        {},
        "10.0.0.1",
      );
      expect(r.statusCode).toBe(401);
    }
    const blocked = await post(
      "/api/auth/sign-in/email",
      { email: person.email, password: TEST_PASSWORD },
      {},
      "10.0.0.1",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(serverMessages.signInLimited);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // docs/decisions/018: the account is slowed, not locked: the right password from elsewhere goes through.
    const elsewhere = await post(
      "/api/auth/sign-in/email",
      { email: person.email, password: TEST_PASSWORD },
      {},
      "10.0.0.2",
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it("does not let 10 failures from 10 addresses lock the account; further unknown addresses are paced", async () => {
    const person = await createPerson(t.db);
    await post("/api/auth/sign-in/email", { email: person.email, password: TEST_PASSWORD }, {}, "10.1.0.1");
    for (let i = 0; i < 12; i++) {
      await post("/api/auth/sign-in/email", { email: person.email, password: `errada-${i}-xyz` }, {}, `10.2.0.${i}`);
    }
    // An address that signed in before is exempt from the account's limit.
    const known = await post(
      "/api/auth/sign-in/email",
      { email: person.email, password: TEST_PASSWORD },
      {},
      "10.1.0.1",
    );
    expect(known.statusCode).toBe(200);
    // A new address is delayed by seconds, not locked out for minutes.
    const paced = await post(
      "/api/auth/sign-in/email",
      { email: person.email, password: "errada-nova-xyz" },
      {},
      "10.3.0.1",
    );
    expect(paced.statusCode).toBe(429);
    expect(Number(paced.headers["retry-after"])).toBeLessThanOrEqual(30);
  });

  it(
    "does not lock everyone behind one address (an office NAT) after 30 failures",
    async () => {
      for (let i = 0; i < 31; i++) {
        await post(
          "/api/auth/sign-in/email",
          { email: `alvo${i}@exemplo.com.br`, password: "tentativa-1234" },
          {},
          "10.0.9.9",
        );
      }
      const colleague = await createPerson(t.db);
      const r = await post(
        "/api/auth/sign-in/email",
        { email: colleague.email, password: TEST_PASSWORD },
        {},
        "10.0.9.9",
      );
      expect(r.statusCode).toBe(200);
    },
    SIGN_IN_LOOP_TIMEOUT,
  );

  it(
    "still limits failed attempts per address across accounts, at 100",
    async () => {
      let last = 0;
      for (let i = 0; i < 101; i++) {
        const r = await post(
          "/api/auth/sign-in/email",
          { email: `spray${i}@exemplo.com.br`, password: "tentativa-1234" },
          {},
          "10.0.8.8",
        );
        last = r.statusCode;
      }
      expect(last).toBe(429);
    },
    4 * SIGN_IN_LOOP_TIMEOUT,
  );

  it(
    "does not count successful sign-ins against the limit",
    async () => {
      const person = await createPerson(t.db);
      for (let i = 0; i < 12; i++) {
        const r = await post(
          "/api/auth/sign-in/email",
          { email: person.email, password: TEST_PASSWORD },
          {},
          "10.0.3.3",
        );
        expect(r.statusCode).toBe(200);
      }
    },
    SIGN_IN_LOOP_TIMEOUT,
  );

  it(
    "keeps the counters in the database, where every app process sees them",
    async () => {
      // Its own account and address: the outcome does not depend on what earlier tests counted.
      const person = await createPerson(t.db);
      const attempt = (password: string) =>
        post("/api/auth/sign-in/email", { email: person.email, password }, {}, "10.0.9.9");
      for (let i = 0; i < 10; i++) expect((await attempt("senha-errada-123")).statusCode).toBe(401);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
      // The refusal comes from rows in rate_limits and nothing else: without them the account signs in again.
      const pattern = `%${person.email}%`;
      const rows = await t.db.execute(sql`delete from rate_limits where key like ${pattern} returning key`);
      expect((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).length).toBeGreaterThan(0);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    },
    SIGN_IN_LOOP_TIMEOUT,
  );
});

describe("closed sign-up", () => {
  it("refuses sign-up on the server", async () => {
    const response = await post("/api/auth/sign-up/email", {
      email: "novo@exemplo.com.br",
      password: "senha-longa-123",
      name: "Novo",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(serverMessages.signUpClosed);
    const count = await t.db.execute(sql`select count(*)::int as n from "user" where email = 'novo@exemplo.com.br'`);
    const row = (Array.isArray(count) ? count[0] : (count as { rows: { n: number }[] }).rows[0]) as { n: number };
    expect(row.n).toBe(0);
  });

  it("hides better-auth endpoints the product does not use", async () => {
    const person = await signedInPerson(t.app, t.db);
    const response = await person.as({ method: "POST", url: "/api/auth/update-user", payload: { name: "X" } });
    expect(response.statusCode).toBe(404);
  });

  it("explains that Google is not configured instead of redirecting", async () => {
    const response = await post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/dashboard" });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(authMessages.googleNotConfigured);
  });
});

describe("password recovery", () => {
  const redirectTo = `${TEST_ORIGIN}/reset-password`;

  it("answers the same whether or not the e-mail exists", async () => {
    const person = await createPerson(t.db);
    const known = await post("/api/auth/request-password-reset", { email: person.email, redirectTo });
    const unknown = await post("/api/auth/request-password-reset", { email: "fantasma@exemplo.com.br", redirectTo });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await smtp.waitFor(person.email);
    expect(smtp.received.some((mail) => mail.to.includes("fantasma@exemplo.com.br"))).toBe(false);
  });

  it("mails a working, single-use link over SMTP and ends the old sessions", async () => {
    const person = await signedInPerson(t.app, t.db);
    await post("/api/auth/request-password-reset", { email: person.email, redirectTo });
    const mail = await smtp.waitFor(person.email);
    expect(mail.raw).toMatch(/Subject: Crie uma nova senha no Sereno/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);

    const link = linkIn(mail.raw, "/api/auth/reset-password/");
    const opened = await t.app.inject({ method: "GET", url: new URL(link).pathname + new URL(link).search });
    expect(opened.statusCode).toBe(302);
    const target = new URL(String(opened.headers.location));
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const tooCommon = await post("/api/auth/reset-password", { token, newPassword: "senha123" });
    expect(tooCommon.statusCode).toBe(400);
    expect(tooCommon.json().error.message).toBe(authMessages.passwordTooCommon);

    const reset = await post("/api/auth/reset-password", { token, newPassword: "outra-senha-boa-42" });
    expect(reset.statusCode).toBe(200);
    const again = await post("/api/auth/reset-password", { token, newPassword: "mais-uma-senha-43" });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(authMessages.resetTokenInvalid);

    const oldSession = await person.as({ method: "GET", url: "/api/me" });
    expect(oldSession.statusCode).toBe(401);
    await signIn(t.app, person.email, "outra-senha-boa-42");
  });

  it("refuses an expired token", async () => {
    const person = await createPerson(t.db);
    await post("/api/auth/request-password-reset", { email: person.email, redirectTo });
    const mail = await smtp.waitFor(person.email);
    const token = linkIn(mail.raw, "/api/auth/reset-password/").split("/reset-password/")[1]?.split("?")[0];
    await t.db.execute(
      sql`update verification set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${token}`}`,
    );
    const reset = await post("/api/auth/reset-password", { token, newPassword: "outra-senha-boa-42" });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.message).toBe(authMessages.resetTokenInvalid);
  });

  it("limits recovery requests per e-mail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await post(
        "/api/auth/request-password-reset",
        { email: "limite@exemplo.com.br", redirectTo },
        {},
        "10.1.1.1",
      );
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("sessions", () => {
  it("ends the session on sign-out", async () => {
    const person = await signedInPerson(t.app, t.db);
    expect((await person.as({ method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const out = await person.as({ method: "POST", url: "/api/auth/sign-out" });
    expect(out.statusCode).toBe(200);
    expect((await person.as({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
  });

  it("accepts a bearer token for API clients", async () => {
    const person = await signedInPerson(t.app, t.db);
    expect(person.token).toBeTruthy();
    const me = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(person.email);
  });

  // The server ends the other sessions whatever the client asks (docs/decisions/018).
  it.each([true, false])(
    "changing the password ends the other sessions and keeps this one (client asked to revoke them: %s)",
    async (revokeOtherSessions) => {
      const person = await createPerson(t.db);
      const first = await signIn(t.app, person.email);
      const second = await signIn(t.app, person.email);
      const change = await t.app.inject({
        method: "POST",
        url: "/api/auth/change-password",
        headers: { ...json, cookie: first.cookie },
        payload: { currentPassword: TEST_PASSWORD, newPassword: "troquei-a-senha-99", revokeOtherSessions },
      });
      expect(change.statusCode).toBe(200);
      const renewed = [change.headers["set-cookie"]]
        .flat()
        .filter(Boolean)
        .map((c) => String(c).split(";")[0])
        .join("; ");
      const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
      expect((await me(renewed || first.cookie)).statusCode).toBe(200);
      expect((await me(second.cookie)).statusCode).toBe(401);
    },
  );

  it("makes reset links valid for 30 minutes, and answers the request in pt-BR", async () => {
    const person = await createPerson(t.db);
    const requested = await post("/api/auth/request-password-reset", {
      email: person.email,
      redirectTo: `${TEST_ORIGIN}/reset-password`,
    });
    expect(requested.json().message).toBe(authMessages.recoverySent);
    const rows = await t.db.execute(
      sql`select extract(epoch from expires_at - now())::int as seconds from verification where identifier like 'reset-password:%' order by created_at desc limit 1`,
    );
    const seconds = rowsOf<{ seconds: number }>(rows)[0]?.seconds ?? 0;
    expect(seconds).toBeGreaterThan(25 * 60);
    expect(seconds).toBeLessThanOrEqual(30 * 60);
  });

  it("refuses a wrong current password and a common new one, and logs neither as an error", async () => {
    const person = await signedInPerson(t.app, t.db);
    // Better Auth's own logger writes to console.error (a refused input is not a fault: auth.ts's onAPIError).
    const printed = vi.spyOn(console, "error");
    onTestFinished(() => printed.mockRestore());
    const wrong = await person.as({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { "content-type": "application/json" },
      payload: { currentPassword: "nao-e-a-senha", newPassword: "troquei-a-senha-99" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(serverMessages.currentPasswordWrong);
    const common = await person.as({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { "content-type": "application/json" },
      payload: { currentPassword: TEST_PASSWORD, newPassword: "12345678" },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(authMessages.passwordTooCommon);
    expect(printed).not.toHaveBeenCalled();
  });
});
