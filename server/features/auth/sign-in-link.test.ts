import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#core/auth-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import { companyWithManager, createPerson, TEST_PASSWORD } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(url: string, payload: object, remoteAddress = "127.0.0.1") {
  return t.app.inject({
    method: "POST",
    url,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    payload,
    remoteAddress,
  });
}

const signInWith = (email: string, password: string, ip: string) =>
  post("/api/auth/sign-in/email", { email, password }, ip);
const requestLink = (email: string, ip = "127.0.0.1") => post("/api/auth/sign-in/magic-link", { email }, ip);

function openLink(token: string, remoteAddress: string) {
  const query = new URLSearchParams({ token, callbackURL: "/dashboard", errorCallbackURL: "/login?erro=link" });
  return t.app.inject({ method: "GET", url: `/api/auth/magic-link/verify?${query}`, remoteAddress });
}

/** The link is mailed after the answer (so its timing says nothing): wait for it. */
async function linkTokenFor(email: string, after: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = t.mails.slice(after).find((m) => m.to === email);
    const url = mail?.text.match(/https?:\/\/\S+\/entrar-com-link\?token=([\w-]+)/);
    if (url?.[1]) return url[1];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in link to ${email}`);
}

function cookieOf(response: { headers: Record<string, unknown> }): string {
  return [response.headers["set-cookie"]]
    .flat()
    .map((value) => String(value).split(";")[0])
    .join("; ");
}

describe("the e-mailed sign-in link", () => {
  it("lets a member under attack in from a new device, once, and remembers that device", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const member = await createPerson(t.db, { companyId: company.id });
    // Strangers guess from 11 addresses: the account's pace now lets one attempt in per 30 s from a new address.
    for (let i = 0; i < 11; i++) await signInWith(member.email, `errada-${i}-xyz`, `10.40.0.${i}`);

    const refused = await signInWith(member.email, TEST_PASSWORD, "10.41.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: "SIGN_IN_LIMITED", message: serverMessages.signInLimited });

    const mailsBefore = t.mails.length;
    const requested = await requestLink(member.email, "10.41.0.1");
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ status: true, message: authMessages.signInLinkSent });
    const token = await linkTokenFor(member.email, mailsBefore);
    expect(t.mails.at(-1)?.subject).toBe("Seu link de acesso ao Sereno");

    // Hashed at rest: the token is nowhere in the database.
    const stored = rowsOf<{ identifier: string; expires_in: number }>(
      await t.db.execute(
        sql`select identifier, extract(epoch from expires_at - now())::int as expires_in from verification where identifier like 'magic-link:%'`,
      ),
    );
    expect(stored.some((row) => row.identifier.includes(token))).toBe(false);
    expect(Math.max(...stored.map((row) => row.expires_in))).toBeLessThanOrEqual(15 * 60);

    const opened = await openLink(token, "10.41.0.1");
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${TEST_ORIGIN}/dashboard`);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookieOf(opened) } });
    expect(me.json()).toMatchObject({ email: member.email });
    // …and the browser, by its device cookie (docs/decisions/062): one trusted-browser row for the account.
    expect(cookieOf(opened)).toMatch(/sereno\.device=[\w-]+/);
    const trusted = await t.db.execute(
      sql`select key from rate_limits where key like ${`sign-in:device:${member.email}:%`} and reset_at > now()`,
    );
    expect(rowsOf(trusted)).toHaveLength(1);

    // Single use.
    const again = await openLink(token, "10.41.0.1");
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toMatch(/\/login\?erro=link&error=INVALID_TOKEN$/);
    expect(again.headers["set-cookie"]).toBeUndefined();

    // The attack goes on, and the device the link proved is now known: the right password gets in.
    await signInWith(member.email, "errada-mais-uma", "10.40.0.99");
    expect((await signInWith(member.email, TEST_PASSWORD, "10.41.0.1")).statusCode).toBe(200);
  }, 120_000);

  it("refuses an expired link", async () => {
    const member = await createPerson(t.db);
    const mailsBefore = t.mails.length;
    await requestLink(member.email, "10.42.0.1");
    const token = await linkTokenFor(member.email, mailsBefore);
    await t.db.execute(
      sql`update verification set expires_at = now() - interval '1 second' where identifier like 'magic-link:%'`,
    );
    const opened = await openLink(token, "10.42.0.1");
    expect(opened.headers.location).toMatch(/\/login\?erro=link&error=INVALID_TOKEN$/);
    expect(opened.headers["set-cookie"]).toBeUndefined();
  });

  it("answers an unknown e-mail and a removed member exactly as anyone else, and mails them nothing", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const removed = await createPerson(t.db, { companyId: company.id });
    await manager.as({ method: "DELETE", url: `/api/team/members/${removed.userId}` });
    const known = await createPerson(t.db);
    const mailsBefore = t.mails.length;
    const answers = [];
    for (const email of [known.email, "ninguem-aqui@exemplo.com.br", removed.email]) {
      const response = await requestLink(email, "10.43.0.1");
      answers.push({ status: response.statusCode, body: response.json() });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await linkTokenFor(known.email, mailsBefore);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([known.email]);
  });

  it("does not let someone removed after the link was sent in", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await createPerson(t.db, { companyId: company.id });
    const mailsBefore = t.mails.length;
    await requestLink(member.email, "10.44.0.1");
    const token = await linkTokenFor(member.email, mailsBefore);
    await manager.as({ method: "DELETE", url: `/api/team/members/${member.userId}` });
    const opened = await openLink(token, "10.44.0.1");
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/login?erro=link&error=ACCESS_ENDED");
    expect(opened.headers["set-cookie"]).toBeUndefined();
  });

  it("limits link requests like recovery mail, per e-mail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await requestLink("limite-link@exemplo.com.br", "10.45.0.1")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
