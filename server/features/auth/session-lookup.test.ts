import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "#server/db/schema/index.ts";
import { createPerson, signIn } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";
import { SESSION_DAYS } from "./auth.ts";

// Our one-query reader must accept exactly what better-auth writes (docs/decisions/021).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/me", headers });
const rawToken = (cookie: string) => decodeURIComponent(cookie.split("=")[1] as string).split(".")[0] as string;

describe("who holds a session", () => {
  it("reads better-auth's signed cookie, its signed bearer token and the bare token", async () => {
    const person = await createPerson(t.db);
    const { cookie, token } = await signIn(t.app, person.email);
    expect((await me({ cookie })).json()).toMatchObject({ email: person.email });
    expect((await me({ authorization: `Bearer ${token}` })).json()).toMatchObject({ email: person.email });
    expect((await me({ authorization: `Bearer ${rawToken(cookie)}` })).json()).toMatchObject({
      email: person.email,
    });
  });

  it("treats a forged signature, an unknown token and an expired session as nobody", async () => {
    const person = await createPerson(t.db);
    const { cookie } = await signIn(t.app, person.email);
    const forged = cookie.replace(/\.[^.]+$/, `.${"A".repeat(43)}%3D`);
    expect((await me({ cookie: forged })).statusCode).toBe(401);
    expect((await me({ authorization: "Bearer nao-existe" })).statusCode).toBe(401);

    await t.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(session.token, rawToken(cookie)));
    expect((await me({ cookie })).statusCode).toBe(401);
  });

  it("extends a session used after a day, as better-auth's sliding expiry does", async () => {
    const person = await createPerson(t.db);
    const { cookie } = await signIn(t.app, person.email);
    const token = rawToken(cookie);
    await t.db
      .update(session)
      .set({ expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS - 2})` })
      .where(eq(session.token, token));
    expect((await me({ cookie })).statusCode).toBe(200);
    const [row] = await t.db.select().from(session).where(eq(session.token, token));
    const daysLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(SESSION_DAYS - 0.1);
  });

  it("ends with sign-out", async () => {
    const person = await createPerson(t.db);
    const { cookie } = await signIn(t.app, person.email);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me({ cookie })).statusCode).toBe(401);
  });
});
