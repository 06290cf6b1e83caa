/**
 * Recovery codes (docs/decisions/055): a person whose passkeys were on a lost
 * device types the code only they were shown, makes a new passkey and is back
 * in their own account; the old keys, the other sessions and the used code
 * stop working. The code is shown once and kept only as a hash.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#core/auth-messages.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { auditLog, passkeys, profiles, recoveryCodes } from "#server/db/schema/index.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { softwareAuthenticator } from "#tests/api/software-authenticator.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

let seq = 0;
/** A member with a passkey made in Configurações and a recovery code; each from an address of their own. */
async function memberWithCode() {
  seq += 1;
  const person = await signedInPerson(t.app, t.db, { name: "Joana Lima" });
  const phone = softwareAuthenticator(TEST_ORIGIN);
  const { challengeId, options } = (await person.as({ method: "POST", url: "/api/me/passkeys/options" })).json();
  const added = await person.as({
    method: "POST",
    url: "/api/me/passkeys",
    payload: { challengeId, response: phone.create(options) },
  });
  expect(added.statusCode).toBe(201);
  const made = await person.as({ method: "POST", url: "/api/me/recovery-code" });
  expect(made.statusCode).toBe(201);
  const ip = `10.2.${seq}.1`;
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
      remoteAddress: ip,
    });
  return { person, phone, code: made.json().code as string, post };
}

const cookieOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers["set-cookie"]]
    .flat()
    .map((value) => String(value).split(";")[0])
    .join("; ");

const meWith = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

async function signInWithKey(authenticator: ReturnType<typeof softwareAuthenticator>) {
  const { challengeId, options } = (
    await t.app.inject({ method: "POST", url: "/api/passkeys/sign-in/options" })
  ).json();
  return t.app.inject({
    method: "POST",
    url: "/api/passkeys/sign-in",
    payload: { challengeId, response: authenticator.get(options) },
  });
}

describe("recovery codes", () => {
  it("bring a person who lost their device back into their own account, and end everything the device held", async () => {
    const { person, phone, code, post } = await memberWithCode();
    expect(code).toMatch(CODE_SHAPE);
    const ticketResponse = await post("/api/recovery/check", { code: code.toLowerCase().replaceAll("-", " ") });
    expect(ticketResponse.statusCode).toBe(200);
    const { firstName, ticket, passkeyOptions } = ticketResponse.json();
    expect(firstName).toBe("Joana");
    // The new key names the same account, so on the device it takes the old one's place.
    expect(Buffer.from(passkeyOptions.user.id, "base64url").toString()).toBe(person.userId);

    const newPhone = softwareAuthenticator(TEST_ORIGIN);
    const done = await post("/api/recovery/complete", { ticket, passkey: newPhone.create(passkeyOptions) });
    expect(done.statusCode).toBe(201);
    const { message, recoveryCode } = done.json();
    expect(message).toBe(passkeyMessages.recovered);
    expect(recoveryCode).toMatch(CODE_SHAPE);
    expect(recoveryCode).not.toBe(code);

    // Signed in as themselves; the lost device's session has ended.
    const me = await meWith(cookieOf(done));
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(person.email);
    expect((await meWith(person.cookie)).statusCode).toBe(401);

    // Only the new key is left: the old one is refused, the new one signs in.
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, person.userId))).toHaveLength(1);
    const old = await signInWithKey(phone);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe(passkeyMessages.unknownKey);
    expect((await signInWithKey(newPhone)).statusCode).toBe(200);

    // The used code no longer works; the new one does.
    const reused = await post("/api/recovery/check", { code });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.message).toBe(passkeyMessages.recoveryNoMatch);
    expect((await post("/api/recovery/check", { code: recoveryCode })).statusCode).toBe(200);

    // In the Registro de acessos: the recovery, and a sign-in by it.
    const trail = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, person.userId));
    expect(trail).toContainEqual({ action: "account.recover", details: { removedKeys: 1 } });
    expect(trail).toContainEqual(
      expect.objectContaining({ action: "auth.sign-in", details: expect.objectContaining({ method: "recovery" }) }),
    );
  });

  it("are shown once and kept as a hash; a new code voids the old one", async () => {
    const person = await signedInPerson(t.app, t.db);
    expect((await person.as({ method: "GET", url: "/api/me/recovery-code" })).json()).toEqual({ createdAt: null });
    const first = (await person.as({ method: "POST", url: "/api/me/recovery-code" })).json();
    const status = (await person.as({ method: "GET", url: "/api/me/recovery-code" })).json();
    expect(status).toEqual({ createdAt: first.createdAt });
    const [row] = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.userId));
    expect(JSON.stringify(row)).not.toContain(first.code.replaceAll("-", ""));

    const second = (await person.as({ method: "POST", url: "/api/me/recovery-code" })).json();
    expect(second.code).not.toBe(first.code);
    const check = (code: string) =>
      t.app.inject({ method: "POST", url: "/api/recovery/check", payload: { code }, remoteAddress: "10.3.0.1" });
    expect((await check(first.code)).statusCode).toBe(404);
    expect((await check(second.code)).statusCode).toBe(200);
    const made = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, person.userId), eq(auditLog.action, "account.recovery-code")));
    expect(made).toHaveLength(2);
  });

  it("refuse a code that cannot be one with 400, and a ticket used once or after 15 minutes", async () => {
    const { code, post } = await memberWithCode();
    for (const typed of ["ABCD", "0123-4567-89AB-CDEF-GHJU", "x".repeat(61)]) {
      const bad = await post("/api/recovery/check", { code: typed });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(passkeyMessages.recoveryCodeInvalid);
    }
    const late = (await post("/api/recovery/check", { code })).json();
    clock.set(new Date(clock.now().getTime() + 15 * 60_000 + 1000).toISOString());
    const expired = await post("/api/recovery/complete", {
      ticket: late.ticket,
      passkey: softwareAuthenticator(TEST_ORIGIN).create(late.passkeyOptions),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(passkeyMessages.recoveryTicketExpired);

    const { ticket, passkeyOptions } = (await post("/api/recovery/check", { code })).json();
    const key = softwareAuthenticator(TEST_ORIGIN);
    expect((await post("/api/recovery/complete", { ticket, passkey: key.create(passkeyOptions) })).statusCode).toBe(
      201,
    );
    const again = await post("/api/recovery/complete", { ticket, passkey: key.create(passkeyOptions) });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(passkeyMessages.recoveryTicketExpired);
  });

  it("let only the first of two tickets for one code finish, and half-save nothing on a refused key", async () => {
    const { person, code, post } = await memberWithCode();
    const first = (await post("/api/recovery/check", { code })).json();
    const second = (await post("/api/recovery/check", { code })).json();

    // A key made for another site is refused: the keys, the code and the session stay as they were.
    const phished = await post("/api/recovery/complete", {
      ticket: first.ticket,
      passkey: softwareAuthenticator("https://sereno-falso.example").create(first.passkeyOptions),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().error.message).toBe(passkeyMessages.rejected);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, person.userId))).toHaveLength(1);
    expect((await meWith(person.cookie)).statusCode).toBe(200);
    const retry = (await post("/api/recovery/check", { code })).json();

    const won = await post("/api/recovery/complete", {
      ticket: second.ticket,
      passkey: softwareAuthenticator(TEST_ORIGIN).create(second.passkeyOptions),
    });
    expect(won.statusCode).toBe(201);
    const lost = await post("/api/recovery/complete", {
      ticket: retry.ticket,
      passkey: softwareAuthenticator(TEST_ORIGIN).create(retry.passkeyOptions),
    });
    expect(lost.statusCode).toBe(404);
    expect(lost.json().error.message).toBe(passkeyMessages.recoveryNoMatch);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, person.userId))).toHaveLength(1);
  });

  it("tell a person whose access ended so, before anything changes", async () => {
    const { person, code, post } = await memberWithCode();
    await t.db.update(profiles).set({ companyId: null }).where(eq(profiles.userId, person.userId));
    const refused = await post("/api/recovery/check", { code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(authMessages.accessEnded);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.userId))).toHaveLength(1);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, person.userId))).toHaveLength(1);
  });

  it("refuse to finish when the access ended after the code was checked, changing nothing", async () => {
    const { person, code, post } = await memberWithCode();
    const { ticket, passkeyOptions } = (await post("/api/recovery/check", { code })).json();
    const stored = async () => ({
      keys: await t.db.select().from(passkeys).where(eq(passkeys.userId, person.userId)),
      codes: await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.userId)),
    });
    const before = await stored();
    await t.db.update(profiles).set({ companyId: null }).where(eq(profiles.userId, person.userId));
    const refused = await post("/api/recovery/complete", {
      ticket,
      passkey: softwareAuthenticator(TEST_ORIGIN).create(passkeyOptions),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(authMessages.accessEnded);
    expect(refused.headers["set-cookie"]).toBeUndefined();
    expect(await stored()).toEqual(before);
  });

  it("count wrong codes per address: the 21st in 15 minutes is refused, a right code gives its attempt back", async () => {
    const { code, post } = await memberWithCode();
    const wrong = () => post("/api/recovery/check", { code: "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ" });
    for (let attempt = 0; attempt < 19; attempt++) expect((await wrong()).statusCode).toBe(404);
    expect((await post("/api/recovery/check", { code })).statusCode).toBe(200);
    expect((await wrong()).statusCode).toBe(404);
    const refused = await wrong();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(serverMessages.tooManyAttempts);
  });
});
