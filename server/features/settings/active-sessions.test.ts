/** Configurações › Sessões ativas (docs/decisions/032): list, end one, end the others; never someone else's. */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActiveSession } from "#core/schemas/sessions.ts";
import { sessionMessages } from "#core/settings-messages.ts";
import { auditLog, session } from "#server/db/schema/index.ts";
import { recentCaller } from "#server/features/auth/viewer.ts";
import { createPerson, signedInPerson, signIn } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** A person signed in twice: here (the caller) and on a phone elsewhere. */
async function twoDevices() {
  const person = await signedInPerson(t.app, t.db);
  const phone = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress: "177.34.12.201",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", "user-agent": IPHONE },
    payload: { email: person.email, password: person.password },
  });
  expect(phone.statusCode).toBe(200);
  const phoneCookie = String(phone.headers["set-cookie"]).split(";")[0] as string;
  const asPhone = (request: { method: "GET" | "POST"; url: string; payload?: object }) =>
    t.app.inject({ ...request, headers: { origin: TEST_ORIGIN, cookie: phoneCookie } });
  const list = async () => {
    const response = await person.as({ method: "GET", url: "/api/me/sessions" });
    expect(response.statusCode).toBe(200);
    return response.json().items as ActiveSession[];
  };
  return { person, phoneCookie, asPhone, list };
}

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] as string).split(".")[0] as string;

describe("active sessions", () => {
  it("lists the person's sessions, this one first, with the device and an approximate address, never a token", async () => {
    const { person, phoneCookie, list } = await twoDevices();
    const other = await signedInPerson(t.app, t.db);
    const items = await list();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ isCurrent: true });
    expect(items[1]).toMatchObject({ isCurrent: false, device: "Safari no iPhone", address: "177.34.12.x" });
    for (const item of items) {
      expect(Number.isNaN(Date.parse(item.signedInAt))).toBe(false);
      expect(Number.isNaN(Date.parse(item.lastActiveAt))).toBe(false);
    }
    const body = JSON.stringify(items);
    for (const cookie of [person.cookie, phoneCookie, other.cookie]) expect(body).not.toContain(tokenOf(cookie));
    expect(body).not.toContain("177.34.12.201");
  });

  it("ends another session at once: its next request, and its check-in, are signed out", async () => {
    const { person, phoneCookie, asPhone, list } = await twoDevices();
    // The phone calls once, so this process remembers it as a recent caller (viewer.ts).
    expect((await asPhone({ method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect(recentCaller(t.db, tokenOf(phoneCookie))).toBeDefined();
    const phoneSession = (await list()).find((item) => !item.isCurrent) as ActiveSession;

    const ended = await person.as({ method: "DELETE", url: `/api/me/sessions/${phoneSession.id}` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(recentCaller(t.db, tokenOf(phoneCookie))).toBeUndefined();
    expect((await asPhone({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await asPhone({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } })).statusCode).toBe(401);
    expect((await person.as({ method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect((await list()).map((item) => item.isCurrent)).toEqual([true]);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, phoneSession.id), eq(auditLog.action, "session.revoke")));
    expect(entry).toMatchObject({ actorUserId: person.userId, targetType: "session" });
    expect(entry?.details).toMatchObject({ ended: 1 });
  });

  it("refuses to end another person's session (404) and leaves it alive", async () => {
    const { person } = await twoDevices();
    const stranger = await createPerson(t.db);
    const strangerSession = await signIn(t.app, stranger.email, stranger.password);
    const [row] = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, stranger.userId));
    const refused = await person.as({ method: "DELETE", url: `/api/me/sessions/${row?.id}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(sessionMessages.notFound);
    const stillIn = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: strangerSession.cookie } });
    expect(stillIn.statusCode).toBe(200);

    const bad = await person.as({ method: "DELETE", url: "/api/me/sessions/nao%20existe" });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/me/sessions" })).statusCode).toBe(401);
  });

  it("ends every other session and keeps this one", async () => {
    const { person, phoneCookie, asPhone, list } = await twoDevices();
    const laptop = await signIn(t.app, person.email, person.password);
    expect(await list()).toHaveLength(3);
    const ended = await person.as({ method: "POST", url: "/api/me/sessions/end-others" });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await asPhone({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const laptopMe = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: laptop.cookie } });
    expect(laptopMe.statusCode).toBe(401);
    expect((await list()).map((item) => item.isCurrent)).toEqual([true]);
    expect(tokenOf(phoneCookie)).not.toBe("");
    // Nothing left to end: nothing ended, nothing recorded.
    const again = await person.as({ method: "POST", url: "/api/me/sessions/end-others" });
    expect(again.json()).toEqual({ ended: 0 });
  });

  it("keeps 'last active' within minutes of the session's last request", async () => {
    const { person, list } = await twoDevices();
    await t.db
      .update(session)
      .set({ updatedAt: sql`now() - interval '1 hour'` })
      .where(eq(session.userId, person.userId));
    const current = (await list()).find((item) => item.isCurrent) as ActiveSession;
    expect(Date.now() - Date.parse(current.lastActiveAt)).toBeLessThan(60_000);
    const phone = (await list()).find((item) => !item.isCurrent) as ActiveSession;
    expect(Date.now() - Date.parse(phone.lastActiveAt)).toBeGreaterThan(59 * 60_000);
  });
});
