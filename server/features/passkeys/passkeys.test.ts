/**
 * Passkeys (docs/decisions/045): added and removed in Configurações, used on
 * /login without an e-mail; a challenge answers once and expires; a removed
 * key or a removed member gets no session.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#core/auth-messages.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { profiles } from "#server/db/schema/index.ts";
import { isActive } from "#server/features/auth/rate-limit.ts";
import { trustedDeviceKey } from "#server/features/auth/sign-in-device.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { softwareAuthenticator } from "#tests/api/software-authenticator.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

/** A member with one passkey made in Configurações. */
async function memberWithPasskey() {
  const person = await signedInPerson(t.app, t.db);
  const authenticator = softwareAuthenticator(TEST_ORIGIN);
  const add = async () => {
    const start = await person.as({ method: "POST", url: "/api/me/passkeys/options" });
    expect(start.statusCode).toBe(200);
    const { challengeId, options } = start.json();
    return person.as({
      method: "POST",
      url: "/api/me/passkeys",
      payload: { challengeId, response: authenticator.create(options) },
    });
  };
  expect((await add()).statusCode).toBe(201);
  return { person, authenticator, add };
}

async function signInOptions() {
  return (await t.app.inject({ method: "POST", url: "/api/passkeys/sign-in/options" })).json();
}

const signInWith = (challengeId: string, response: object) =>
  t.app.inject({ method: "POST", url: "/api/passkeys/sign-in", payload: { challengeId, response } });

describe("passkeys", () => {
  it("trust the browser they sign in from, as a password does (docs/decisions/062, 102)", async () => {
    const { person, authenticator } = await memberWithPasskey();
    const options = await signInOptions();
    const signedIn = await signInWith(options.challengeId, authenticator.get(options.options));
    expect(signedIn.statusCode).toBe(200);
    const cookies = [signedIn.headers["set-cookie"]].flat().map(String);
    const device = cookies.find((cookie) => cookie.startsWith("sereno.device="));
    expect(device).toMatch(/^sereno\.device=[\w-]+; Path=\/api; HttpOnly/);
    const deviceId = device?.split(";")[0]?.split("=")[1] ?? "";
    expect(await isActive(t.db, trustedDeviceKey(person.email, deviceId))).toBe(true);

    // Signing in again from that browser keeps its id (no second cookie).
    const again = await signInOptions();
    const second = await t.app.inject({
      method: "POST",
      url: "/api/passkeys/sign-in",
      headers: { cookie: `sereno.device=${deviceId}` },
      payload: { challengeId: again.challengeId, response: authenticator.get(again.options) },
    });
    expect(second.statusCode).toBe(200);
    expect(
      [second.headers["set-cookie"]]
        .flat()
        .map(String)
        .some((c) => c.startsWith("sereno.device=")),
    ).toBe(false);
  });

  it("lists the person's keys only, and removes one (never someone else's)", async () => {
    const { person, add, authenticator } = await memberWithPasskey();
    expect((await add()).statusCode).toBe(201);
    const list = (await person.as({ method: "GET", url: "/api/me/passkeys" })).json().items;
    expect(list).toHaveLength(2);
    const other = await memberWithPasskey();
    const othersList = (await other.person.as({ method: "GET", url: "/api/me/passkeys" })).json().items;
    expect(othersList).toHaveLength(1);
    const notMine = await person.as({ method: "DELETE", url: `/api/me/passkeys/${othersList[0].id}` });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe(passkeyMessages.notFound);

    const removed = await person.as({ method: "DELETE", url: `/api/me/passkeys/${list[1].id}` });
    expect(removed.statusCode).toBe(200);
    expect((await person.as({ method: "GET", url: "/api/me/passkeys" })).json().items).toHaveLength(1);
    // The removed key (the last made) no longer signs in; the other still does.
    const options = await signInOptions();
    const refused = await signInWith(options.challengeId, authenticator.get(options.options));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(passkeyMessages.unknownKey);
    const again = await signInOptions();
    const kept = await signInWith(again.challengeId, authenticator.get(again.options, authenticator.credentials[0]));
    expect(kept.statusCode).toBe(200);
  });

  it("answers each sign-in challenge once", async () => {
    const { authenticator } = await memberWithPasskey();
    const options = await signInOptions();
    expect((await signInWith(options.challengeId, authenticator.get(options.options))).statusCode).toBe(200);
    const replay = await signInWith(options.challengeId, authenticator.get(options.options));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(passkeyMessages.expired);
  });

  it("lets a challenge expire after 5 minutes", async () => {
    const { authenticator } = await memberWithPasskey();
    const options = await signInOptions();
    clock.set(new Date(clock.now().getTime() + 5 * 60_000 + 1000).toISOString());
    const late = await signInWith(options.challengeId, authenticator.get(options.options));
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(passkeyMessages.expired);
  });

  it("refuses a signature made for another challenge", async () => {
    const { authenticator } = await memberWithPasskey();
    const first = await signInOptions();
    const second = await signInOptions();
    const crossed = await signInWith(second.challengeId, authenticator.get(first.options));
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().error.message).toBe(passkeyMessages.rejected);
  });

  it("refuses the passkey of a member removed from their company with a 403, as other sign-ins", async () => {
    const { person, authenticator } = await memberWithPasskey();
    await t.db.update(profiles).set({ companyId: null }).where(eq(profiles.userId, person.userId));
    const options = await signInOptions();
    const refused = await signInWith(options.challengeId, authenticator.get(options.options));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(authMessages.accessEnded);
    expect(refused.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses to add a key without a session, or with an answer to another challenge", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/me/passkeys/options" })).statusCode).toBe(401);
    const { person, authenticator } = await memberWithPasskey();
    const start = (await person.as({ method: "POST", url: "/api/me/passkeys/options" })).json();
    // The authenticator is told which keys the person has already.
    expect(start.options.excludeCredentials).toHaveLength(1);
    const made = authenticator.create(start.options);
    const first = (await person.as({ method: "POST", url: "/api/me/passkeys/options" })).json();
    expect(
      (
        await person.as({
          method: "POST",
          url: "/api/me/passkeys",
          payload: { challengeId: start.challengeId, response: made },
        })
      ).statusCode,
    ).toBe(201);
    // The same answer sent for a fresh challenge: its signed client data names the old one.
    const replayed = { ...made, response: { ...made.response } };
    const again = await person.as({
      method: "POST",
      url: "/api/me/passkeys",
      payload: { challengeId: first.challengeId, response: replayed },
    });
    expect(again.statusCode).toBe(400);
  });
});
