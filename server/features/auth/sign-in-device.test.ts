import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { createPerson, TEST_PASSWORD } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function post(url: string, payload: object, remoteAddress: string, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    payload,
    remoteAddress,
  });
}

/** The device cookie a reply hands out, as a Cookie header. */
function deviceCookieOf(response: { headers: Record<string, unknown> }): string {
  const cookie = [response.headers["set-cookie"]]
    .flat()
    .map((value) => String(value).split(";")[0])
    .find((pair) => pair?.startsWith("sereno.device="));
  if (!cookie) throw new Error("no device cookie");
  return cookie;
}

const OFFICE = "10.60.0.1";

describe("a stranger who knows the address (docs/decisions/062)", () => {
  it("cannot shut the person out of the browser she signed in with before", async () => {
    const person = await createPerson(t.db);
    const first = await post("/api/auth/sign-in/email", { email: person.email, password: TEST_PASSWORD }, OFFICE);
    expect(first.statusCode).toBe(200);
    const herBrowser = deviceCookieOf(first);
    expect([first.headers["set-cookie"]].flat().join("\n")).toMatch(/sereno\.device=[\w-]+; Path=\/api; HttpOnly/);

    // The stranger, behind the same office address and from many others: 3 links, 3 resets, 12 wrong passwords.
    for (let i = 0; i < 3; i++) {
      await post("/api/auth/sign-in/magic-link", { email: person.email }, OFFICE);
      await post("/api/auth/request-password-reset", { email: person.email, redirectTo: "/redefinir-senha" }, OFFICE);
    }
    for (let i = 0; i < 12; i++) {
      await post("/api/auth/sign-in/email", { email: person.email, password: `errada-${i}-xyz` }, OFFICE);
      await post("/api/auth/sign-in/email", { email: person.email, password: `errada-${i}-abc` }, `10.61.0.${i}`);
    }
    const stranger = await post("/api/auth/sign-in/email", { email: person.email, password: "mais-uma-xyz" }, OFFICE);
    expect(stranger.statusCode).toBe(429);
    const strangerLink = await post("/api/auth/sign-in/magic-link", { email: person.email }, "10.62.0.1");
    expect(strangerLink.statusCode).toBe(429);
    expect(strangerLink.json().error.message).toBe(serverMessages.tooManyAttempts);

    // Her own browser still gets in by password, and can still ask for the link and the reset.
    const link = await post("/api/auth/sign-in/magic-link", { email: person.email }, OFFICE, herBrowser);
    expect(link.statusCode).toBe(200);
    const reset = await post(
      "/api/auth/request-password-reset",
      { email: person.email, redirectTo: "/redefinir-senha" },
      OFFICE,
      herBrowser,
    );
    expect(reset.statusCode).toBe(200);
    const password = await post(
      "/api/auth/sign-in/email",
      { email: person.email, password: TEST_PASSWORD },
      OFFICE,
      herBrowser,
    );
    expect(password.statusCode).toBe(200);
  }, 240_000);

  it("gains nothing from a browser trusted for another account, and a trusted browser's own guesses are limited", async () => {
    const stranger = await createPerson(t.db);
    const victim = await createPerson(t.db);
    const own = await post("/api/auth/sign-in/email", { email: stranger.email, password: TEST_PASSWORD }, "10.63.0.1");
    const strangerBrowser = deviceCookieOf(own);
    for (let i = 0; i < 10; i++) {
      await post("/api/auth/sign-in/email", { email: victim.email, password: `errada-${i}-xyz` }, "10.63.0.1");
    }
    const refused = await post(
      "/api/auth/sign-in/email",
      { email: victim.email, password: "outra-errada-xyz" },
      "10.63.0.1",
      strangerBrowser,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("SIGN_IN_LIMITED");

    // Someone holding the stranger's own trusted browser still gets 10 guesses per 15 minutes, not more.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await post(
        "/api/auth/sign-in/email",
        { email: stranger.email, password: `errada-${i}-abc` },
        `10.64.0.${i}`,
        strangerBrowser,
      );
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  }, 240_000);
});
