/**
 * /ativar (docs/decisions/045): CPF and matrícula prove a person of the HR
 * file without a corporate e-mail; they make a passkey and/or an e-mail and
 * password (its confirmation: email-confirmation.test.ts); the refusal never
 * says which field was wrong; attempts are limited per CPF and per address;
 * nothing is half-saved.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpfFrom } from "#core/cpf.ts";
import { isInternalAddress } from "#core/internal-address.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { auditLog, passkeys, profiles, rosterPeople, user } from "#server/db/schema/index.ts";
import { personAwaiting as awaitingActivation, cookieOf } from "#tests/api/activation.ts";
import { softwareAuthenticator } from "#tests/api/software-authenticator.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A company with one person of its HR file, without e-mail, awaiting activation. */
function personAwaiting(options: { email?: string } = {}) {
  seq += 1;
  return awaitingActivation(t, seq, options);
}

describe("activation", () => {
  it("names the company of a code, and answers 404 for an unknown code", async () => {
    const { code, company } = await personAwaiting();
    const found = await t.app.inject({ method: "GET", url: `/api/activation/${code}` });
    expect(found.json()).toEqual({ companyName: company.name });
    const unknown = await t.app.inject({ method: "GET", url: "/api/activation/naoexiste1" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(passkeyMessages.activationNotFound);
  });

  it("activates with CPF, matrícula and a passkey: one account without e-mail, signed in, then signs in with the passkey", async () => {
    const { cpf, matricula, post, person, company } = await personAwaiting();
    const check = await post("/check", {
      cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      matricula,
    });
    expect(check.statusCode).toBe(200);
    const { ticket, passkeyOptions, firstName } = check.json();
    expect(firstName).toBe("Joana");
    const authenticator = softwareAuthenticator(TEST_ORIGIN);
    const done = await post("/complete", { ticket, passkey: authenticator.create(passkeyOptions) });
    expect(done.statusCode).toBe(201);
    // Only a passkey: the person's first recovery code comes with it, shown once (docs/decisions/055).
    expect(done.json()).toEqual({
      message: passkeyMessages.activated,
      recoveryCode: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/),
      pendingEmail: null,
    });
    const cookie = cookieOf(done);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ companyId: company.id, role: "user" });

    const [linked] = await t.db.select().from(rosterPeople).where(eq(rosterPeople.id, person.id));
    const userId = linked?.userId as string;
    const [account] = await t.db.select().from(user).where(eq(user.id, userId));
    expect(isInternalAddress(account?.email ?? "")).toBe(true);
    // The account id is the passkey's user handle, as the options named it before the account existed.
    expect(Buffer.from(passkeyOptions.user.id, "base64url").toString()).toBe(userId);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, userId))).toHaveLength(1);
    // Activated without consent yet: the consent screen comes first, as for any new member.
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile?.wellbeingConsentAt).toBeNull();

    const options = (await t.app.inject({ method: "POST", url: "/api/passkeys/sign-in/options" })).json();
    expect(options.options.allowCredentials ?? []).toEqual([]);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/passkeys/sign-in",
      payload: { challengeId: options.challengeId, response: authenticator.get(options.options) },
    });
    expect(signIn.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookieOf(signIn) } })).statusCode,
    ).toBe(200);
    const methods = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, "auth.sign-in")));
    expect(methods.map((row) => row.details?.method).sort()).toEqual(["activation", "passkey"]);
    const [key] = await t.db.select().from(passkeys).where(eq(passkeys.userId, userId));
    expect(key?.counter).toBe(1);
    expect(key?.lastUsedAt).not.toBeNull();
  });

  it("answers a wrong CPF and a wrong matrícula alike", async () => {
    const { cpf, matricula, post } = await personAwaiting();
    const wrongCpf = await post("/check", { cpf: cpfFrom("987654321"), matricula });
    const wrongMatricula = await post("/check", { cpf, matricula: "Z999" });
    expect(wrongCpf.statusCode).toBe(404);
    expect(wrongMatricula.statusCode).toBe(wrongCpf.statusCode);
    expect(wrongMatricula.json().error.message).toBe(wrongCpf.json().error.message);
    expect(wrongCpf.json().error.message).toBe(passkeyMessages.noMatch);
  });

  it("blocks a stranger's (CPF, address) pair after 5 wrong matrículas, not the CPF's owner elsewhere", async () => {
    const { cpf, matricula, post } = await personAwaiting();
    for (let i = 0; i < 5; i++)
      expect((await post("/check", { cpf, matricula: `X${i}` }, "10.9.1.1")).statusCode).toBe(404);
    const stranger = await post("/check", { cpf, matricula: "X9" }, "10.9.1.1");
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers["retry-after"])).toBeGreaterThan(0);
    expect(stranger.json().error.message).toBe(serverMessages.tooManyAttempts);
    expect((await post("/check", { cpf, matricula }, "10.9.1.2")).statusCode).toBe(200);
  });

  it("slows a CPF guessed from many addresses to one attempt per 30 s, and limits per address (over many CPFs)", async () => {
    const { cpf, matricula, post } = await personAwaiting();
    for (let i = 0; i < 10; i++)
      expect((await post("/check", { cpf, matricula: `X${i}` }, `10.9.0.${i}`)).statusCode).toBe(404);
    expect((await post("/check", { cpf, matricula: "X10" }, "10.9.0.50")).statusCode).toBe(404);
    const limited = await post("/check", { cpf, matricula }, "10.9.0.99");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // A delay of seconds, not 15 minutes (docs/decisions/063).
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(30);
    expect(limited.json().error.message).toBe(serverMessages.tooManyAttempts);

    const other = await personAwaiting();
    for (let i = 0; i < 20; i++) {
      expect((await other.post("/check", { cpf: cpfFrom(String(500_000_000 + i)), matricula: "Q1" })).statusCode).toBe(
        404,
      );
    }
    expect((await other.post("/check", { cpf: other.cpf, matricula: other.matricula })).statusCode).toBe(429);
    // Another address is still served.
    expect((await other.post("/check", { cpf: other.cpf, matricula: other.matricula }, "10.8.0.1")).statusCode).toBe(
      200,
    );
  });

  it("tells an activated person to sign in, and a ticket works once", async () => {
    const { cpf, matricula, post } = await personAwaiting();
    const { ticket, passkeyOptions } = (await post("/check", { cpf, matricula })).json();
    const second = (await post("/check", { cpf, matricula })).json();
    const authenticator = softwareAuthenticator(TEST_ORIGIN);
    expect((await post("/complete", { ticket, passkey: authenticator.create(passkeyOptions) })).statusCode).toBe(201);
    const again = await post("/complete", { ticket, passkey: authenticator.create(passkeyOptions) });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(passkeyMessages.ticketExpired);
    // A second ticket taken before the first was used finds the person activated.
    const late = await post("/complete", {
      ticket: second.ticket,
      email: `tarde.${seq}@pessoal.com.br`,
      password: "um-jardim-de-inverno",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(passkeyMessages.alreadyActivated);
    const told = await post("/check", { cpf, matricula });
    expect(told.statusCode).toBe(409);
    expect(told.json().error.message).toBe("Você já ativou seu acesso. Entre com sua chave de acesso ou e-mail.");
  });

  it("saves nothing when the e-mail is taken, and sends a person with a corporate e-mail to their invitation", async () => {
    const { cpf, matricula, post, person, manager } = await personAwaiting();
    const { ticket, passkeyOptions } = (await post("/check", { cpf, matricula })).json();
    const authenticator = softwareAuthenticator(TEST_ORIGIN);
    const taken = await post("/complete", {
      ticket,
      passkey: authenticator.create(passkeyOptions),
      email: manager.email,
      password: "um-jardim-de-inverno",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(passkeyMessages.emailTaken);
    const [still] = await t.db.select().from(rosterPeople).where(eq(rosterPeople.id, person.id));
    expect(still?.userId).toBeNull();
    const userHandle = Buffer.from(passkeyOptions.user.id, "base64url").toString();
    expect(await t.db.select().from(user).where(eq(user.id, userHandle))).toHaveLength(0);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, userHandle))).toHaveLength(0);
    // The ticket was not used up by the refusal: the person can finish.
    expect((await post("/complete", { ticket, passkey: authenticator.create(passkeyOptions) })).statusCode).toBe(201);

    const invited = await personAwaiting({ email: `corp${seq}@empresa.com.br` });
    const refused = await invited.post("/check", { cpf: invited.cpf, matricula: invited.matricula });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(passkeyMessages.invitedByEmail);
  });

  it("refuses a passkey made for another site", async () => {
    const { cpf, matricula, post } = await personAwaiting();
    const { ticket, passkeyOptions } = (await post("/check", { cpf, matricula })).json();
    const phished = softwareAuthenticator(TEST_ORIGIN).create(passkeyOptions, "https://sereno.example.net");
    const refused = await post("/complete", { ticket, passkey: phished });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(passkeyMessages.rejected);
  });
});
