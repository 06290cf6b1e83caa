/**
 * Access events in the Registro de acessos (docs/decisions/032): sign-ins,
 * failed sign-ins, sign-outs and refusals, the 'Tipo de evento' filter, the
 * count of repeated failures, and the log line of a failed sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditMessages } from "#core/audit-labels.ts";
import { type AuditEntry, actionsOfKind } from "#core/schemas/audit.ts";
import { captureLog } from "#tests/api/log-capture.ts";
import { createPerson, signedInPerson, signIn, TEST_PASSWORD } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";
import { UNKNOWN_ACCOUNT } from "./access-events.ts";

const { lines, logger } = captureLog("info");

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  t = await createTestApp({ logger });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
});
afterAll(() => t.close());

const audit = async (query: string) => {
  const response = await admin.as({ method: "GET", url: `/api/admin/audit?pageSize=100&${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: AuditEntry[]; total: number };
};

function signInFrom(address: string, email: string, password: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress: address,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", "user-agent": CHROME_ON_WINDOWS },
    payload: { email, password },
  });
}

describe("access events in the Registro de acessos", () => {
  it("records a sign-in and a sign-out with the address and the device, never the password or the token", async () => {
    const person = await createPerson(t.db, { email: "entrada.registrada@exemplo.com.br" });
    const signedIn = await signInFrom("203.0.113.7", person.email, person.password);
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0] as string;
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      remoteAddress: "203.0.113.7",
      headers: { origin: TEST_ORIGIN, cookie, "user-agent": CHROME_ON_WINDOWS },
    });
    expect(signedOut.statusCode).toBe(200);

    const { items } = await audit(`actor=${encodeURIComponent(person.email)}`);
    expect(items.map((item) => item.action)).toEqual(["auth.sign-out", "auth.sign-in"]);
    for (const item of items) {
      expect(item).toMatchObject({ actorEmail: person.email, targetType: "session", companyId: null });
      expect(item.details).toMatchObject({ ip: "203.0.113.7", device: "Chrome no Windows" });
    }
    expect(items[1]?.details?.method).toBe("password");
    const body = JSON.stringify(items);
    expect(body).not.toContain(person.password);
    expect(body).not.toContain(decodeURIComponent(cookie.split("=")[1] as string).split(".")[0]);
  });

  it("records failed sign-ins by account, counting repeats from one address on one row", async () => {
    const person = await createPerson(t.db, { email: "senha.errada@exemplo.com.br" });
    for (let i = 0; i < 3; i++)
      expect((await signInFrom("198.51.100.4", person.email, "errada-123")).statusCode).toBe(401);
    expect((await signInFrom("198.51.100.99", person.email, "errada-456")).statusCode).toBe(401);

    const { items } = await audit(`action=auth.sign-in-failed&actor=${encodeURIComponent(person.email)}`);
    expect(items).toHaveLength(2);
    const byAddress = Object.fromEntries(items.map((item) => [item.details?.ip, item]));
    expect(byAddress["198.51.100.4"]).toMatchObject({ targetType: "account", targetId: person.userId });
    expect(byAddress["198.51.100.4"]?.details).toMatchObject({ attempts: 3, device: "Chrome no Windows" });
    expect(byAddress["198.51.100.4"]?.details?.lastAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(byAddress["198.51.100.99"]?.details?.attempts).toBeUndefined();
    expect(JSON.stringify(items)).not.toMatch(/errada-/);
  });

  it("records a sign-in with an unknown e-mail without keeping the e-mail typed", async () => {
    const typed = "ninguem.aqui@exemplo.com.br";
    for (let i = 0; i < 2; i++) expect((await signInFrom("192.0.2.55", typed, TEST_PASSWORD)).statusCode).toBe(401);
    const { items } = await audit("action=auth.sign-in-failed");
    const unknown = items.filter((item) => item.details?.ip === "192.0.2.55");
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ actorEmail: UNKNOWN_ACCOUNT, targetId: null });
    expect(unknown[0]?.details?.attempts).toBe(2);
    expect(JSON.stringify(items)).not.toContain(typed);
  });

  it("logs a failed sign-in with the account's id and the client address, never the e-mail", async () => {
    const person = await createPerson(t.db, { email: "linha.de.log@exemplo.com.br" });
    const from = lines.length;
    await signInFrom("198.51.100.23", person.email, "errada-789");
    await signInFrom("198.51.100.24", "desconhecido.log@exemplo.com.br", "errada-789");
    const logged = lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
    const failures = logged.filter((line) => line.msg === "sign-in failed");
    expect(failures).toEqual([
      expect.objectContaining({ userId: person.userId, account: "known", ip: "198.51.100.23" }),
      expect.objectContaining({ userId: null, account: "unknown", ip: "198.51.100.24" }),
    ]);
    expect(failures.every((line) => typeof line.reqId === "string")).toBe(true);
    expect(lines.slice(from).filter((line) => /@exemplo\.com\.br/.test(line))).toEqual([]);
  });

  it("records refused requests (403) by route pattern, counting repeats; a missing consent is no refusal", async () => {
    const member = await signedInPerson(t.app, t.db, { email: "recusado@exemplo.com.br" });
    for (let i = 0; i < 2; i++) {
      const refused = await member.as({ method: "GET", url: "/api/admin/audit?actor=x", remoteAddress: "192.0.2.8" });
      expect(refused.statusCode).toBe(403);
    }
    // A state change from a foreign origin, with the member's cookie (docs/decisions/018).
    const foreign = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      remoteAddress: "192.0.2.9",
      headers: { origin: "https://malicioso.example", cookie: member.cookie, "content-type": "application/json" },
      payload: { name: "Outro" },
    });
    expect(foreign.statusCode).toBe(403);
    const unconsented = await signedInPerson(t.app, t.db, {
      email: "sem.consentimento@exemplo.com.br",
      consent: false,
    });
    const noConsent = await unconsented.as({ method: "POST", url: "/api/check-ins", payload: { mood: 3 } });
    expect(noConsent.statusCode).toBe(403);

    const { items } = await audit("action=access.denied");
    const mine = items.filter((item) => item.actorEmail === member.email);
    expect(mine.map((item) => [item.targetType, item.targetId, item.details?.reason, item.details?.attempts])).toEqual([
      ["route", "PATCH /api/me", "ORIGIN_REFUSED", undefined],
      ["route", "GET /api/admin/audit", "FORBIDDEN", 2],
    ]);
    expect(items.some((item) => item.actorEmail === unconsented.email)).toBe(false);
  });

  it("filters by kind of event, and refuses an unknown kind in pt-BR", async () => {
    const person = await createPerson(t.db, { email: "filtro.tipo@exemplo.com.br" });
    await signIn(t.app, person.email, person.password);
    await admin.as({
      method: "POST",
      url: "/api/admin/companies",
      payload: { name: "Tipos SA", manager_name: "Gil", manager_email: "gil.tipos@exemplo.com.br", plan: "prime" },
    });

    const signIns = await audit("kind=sign-ins");
    expect(signIns.items.some((item) => item.actorEmail === person.email && item.action === "auth.sign-in")).toBe(true);
    expect(new Set(signIns.items.map((item) => item.action))).toEqual(
      new Set(["auth.sign-in", "auth.sign-in-failed", "auth.sign-out"]),
    );
    const refusals = await audit("kind=refusals");
    expect(refusals.total).toBeGreaterThan(0);
    expect(refusals.items.every((item) => item.action === "access.denied")).toBe(true);
    const actions = await audit("kind=actions");
    expect(actions.items.map((item) => item.action)).toContain("company.create");
    expect(actions.items.every((item) => actionsOfKind("actions").includes(item.action as never))).toBe(true);
    expect(actions.items.some((item) => item.action.startsWith("auth."))).toBe(false);
    // Kind and action together: both must hold.
    expect((await audit("kind=refusals&action=company.create")).total).toBe(0);

    const bad = await admin.as({ method: "GET", url: "/api/admin/audit?kind=moods" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(auditMessages.kindInvalid);
  });
});
