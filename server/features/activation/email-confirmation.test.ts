/**
 * A personal e-mail given at /ativar (docs/decisions/066) is pending until the
 * link mailed to it is opened: until then the account keeps its internal
 * address and the e-mail signs nothing in; the link holds 24 hours, works
 * once, is kept only as a hash, and an address another account took is refused.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isInternalAddress } from "#core/internal-address.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { emailConfirmationMessages } from "#core/schemas/email-confirmation.ts";
import { auditLog, emailConfirmations, rosterPeople, user } from "#server/db/schema/index.ts";
import { personAwaiting as awaitingActivation } from "#tests/api/activation.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

let seq = 0;
const password = "um-jardim-de-inverno";

/** Activates a new person with a personal e-mail and password; the account's id and the address. */
async function activatedWithEmail() {
  seq += 1;
  const { cpf, matricula, post, person } = await awaitingActivation(t, seq);
  const { ticket } = (await post("/check", { cpf, matricula })).json();
  const email = `joana.${seq}@pessoal.com.br`;
  const done = await post("/complete", { ticket, email, password });
  expect(done.statusCode).toBe(201);
  expect(done.json()).toEqual({ message: passkeyMessages.activated, recoveryCode: null, pendingEmail: email });
  const [linked] = await t.db.select().from(rosterPeople).where(eq(rosterPeople.id, person.id));
  return { userId: linked?.userId as string, email };
}

/** The token of the last link mailed to `to`. */
function lastTokenTo(to: string): string {
  const mail = t.mails.filter((sent) => sent.to === to).at(-1);
  const token = mail?.text.match(/\/confirmar-email#token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link to ${to}`);
  return token;
}

const confirm = (token: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/email-confirmations",
    headers: { origin: TEST_ORIGIN },
    payload: { token },
  });

const signIn = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    payload: { email, password },
  });

async function accountOf(userId: string) {
  const [account] = await t.db.select().from(user).where(eq(user.id, userId));
  return account;
}

describe("confirming the e-mail given at /ativar", () => {
  it("keeps the internal address until the link is opened, then the e-mail signs in; the link works once", async () => {
    const { userId, email } = await activatedWithEmail();
    expect(isInternalAddress((await accountOf(userId))?.email ?? "")).toBe(true);
    // Not the account's yet: neither a password sign-in nor anything else goes by it.
    expect((await signIn(email)).statusCode).toBe(401);
    const token = lastTokenTo(email);
    const [row] = await t.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, userId));
    expect(row?.email).toBe(email);
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(emailConfirmationMessages.confirmed);
    expect(await accountOf(userId)).toMatchObject({ email, emailVerified: true });
    expect((await signIn(email)).statusCode).toBe(200);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, "account.email-confirm"));
    expect(audited.map((entry) => entry.actorUserId)).toContain(userId);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(emailConfirmationMessages.used);
  });

  it("sends a new link for one past its 24 hours, and only the new one confirms", async () => {
    const { userId, email } = await activatedWithEmail();
    const old = lastTokenTo(email);
    clock.set(new Date(clock.now().getTime() + 25 * 3600_000).toISOString());
    const expired = await confirm(old);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe(emailConfirmationMessages.renewed);
    expect(isInternalAddress((await accountOf(userId))?.email ?? "")).toBe(true);
    const fresh = lastTokenTo(email);
    expect(fresh).not.toBe(old);
    expect((await confirm(old)).statusCode).toBe(400);
    expect((await confirm(fresh)).statusCode).toBe(200);
    expect((await accountOf(userId))?.email).toBe(email);
  });

  it("refuses an address another account took meanwhile, without saying whose, and an unknown link", async () => {
    const first = await activatedWithEmail();
    // Another person gives the first one's address while it is still pending: allowed, as it is nobody's yet.
    seq += 1;
    const other = await awaitingActivation(t, seq);
    const { ticket } = (await other.post("/check", { cpf: other.cpf, matricula: other.matricula })).json();
    expect((await other.post("/complete", { ticket, email: first.email, password })).statusCode).toBe(201);
    const [pending] = await t.db
      .select({ userId: rosterPeople.userId })
      .from(rosterPeople)
      .where(eq(rosterPeople.id, other.person.id));
    const tokens = t.mails.filter((mail) => mail.to === first.email).map((mail) => mail.text);
    expect(tokens).toHaveLength(2);
    expect((await confirm(lastTokenTo(first.email))).statusCode).toBe(200);
    const firstToken = tokens[0]?.match(/#token=([\w-]+)/)?.[1] ?? "";
    const taken = await confirm(firstToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(passkeyMessages.emailTaken);
    expect(isInternalAddress((await accountOf(first.userId))?.email ?? "")).toBe(true);
    expect((await accountOf(pending?.userId ?? ""))?.email).toBe(first.email);

    const unknown = await confirm("x".repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(emailConfirmationMessages.used);
    expect((await confirm("curto")).statusCode).toBe(400);
  });
});
