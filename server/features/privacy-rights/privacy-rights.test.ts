import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { privacyMessages } from "#core/privacy-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import {
  account,
  auditLog,
  companies,
  consentEvents,
  exercises,
  profiles,
  publishedDailyBuckets,
  session,
  user,
  userProgress,
} from "#server/db/schema/index.ts";
import { createPerson, signedInPerson, signIn } from "#tests/api/sessions.ts";
import { linkIn } from "#tests/api/smtp-sink.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;
const checkIn = (person: Person, payload: object) => person.as({ method: "POST", url: "/api/check-ins", payload });

async function newCompany() {
  const [company] = await t.db
    .insert(companies)
    .values({ name: `Empresa ${randomUUID()}`, plan: "essencial" })
    .returning();
  if (!company) throw new Error("no company");
  return company;
}

describe("wellbeing consent", () => {
  it("refuses a check-in without consent (403), and accepts it once given", async () => {
    clock.set("2026-11-22T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db, { consent: false });
    const refused = await checkIn(person, { mood: 3 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "CONSENT_REQUIRED",
      message: serverMessages.wellbeingConsentRequired,
    });
    expect(await t.db.select().from(userProgress).where(eq(userProgress.userId, person.userId))).toHaveLength(0);

    const given = await person.as({
      method: "POST",
      url: "/api/me/consent",
      payload: { version: WELLBEING_CONSENT_VERSION },
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().consent.version).toBe(WELLBEING_CONSENT_VERSION);
    const me = await person.as({ method: "GET", url: "/api/me" });
    expect(me.json().wellbeingConsent.version).toBe(WELLBEING_CONSENT_VERSION);
    expect((await checkIn(person, { mood: 3 })).statusCode).toBe(201);
  });

  it("refuses an outdated or unknown text version with 400", async () => {
    const person = await signedInPerson(t.app, t.db, { consent: false });
    for (const payload of [{ version: "0" }, {}, { version: WELLBEING_CONSENT_VERSION, extra: true }]) {
      const response = await person.as({ method: "POST", url: "/api/me/consent", payload });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.db.select().from(consentEvents).where(eq(consentEvents.userId, person.userId))).toHaveLength(0);
  });

  it("revoking stops check-ins and exercise completions, and records every give and revoke", async () => {
    clock.set("2026-11-22T10:00:00-03:00");
    const person = await signedInPerson(t.app, t.db);
    const revoked = await person.as({ method: "DELETE", url: "/api/me/consent" });
    expect(revoked.json()).toEqual({ consent: null, message: serverMessages.consentRevoked });
    expect((await checkIn(person, { mood: 4 })).statusCode).toBe(403);
    const [exercise] = await t.db
      .select({ id: exercises.id })
      .from(exercises)
      .where(eq(exercises.requiredLevel, 1))
      .limit(1);
    if (!exercise) throw new Error("no starter exercise");
    const done = await person.as({ method: "POST", url: `/api/exercises/${exercise.id}/complete`, payload: {} });
    expect(done.statusCode).toBe(403);
    await person.as({ method: "POST", url: "/api/me/consent", payload: { version: WELLBEING_CONSENT_VERSION } });
    const privacy = await person.as({ method: "GET", url: "/api/me/privacy" });
    expect(privacy.json().consentHistory.map((event: { kind: string }) => event.kind)).toEqual([
      "given",
      "revoked",
      "given",
    ]);
    expect(privacy.json()).toMatchObject({ hasPassword: true, currentConsentVersion: WELLBEING_CONSENT_VERSION });
  });

  it("an account created with consent carries the version and one consent event", async () => {
    const person = await createPerson(t.db);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.wellbeingConsentVersion).toBe(WELLBEING_CONSENT_VERSION);
    expect(await t.db.select().from(consentEvents).where(eq(consentEvents.userId, person.userId))).toHaveLength(1);
  });
});

describe("GET /api/me/export.json and .html", () => {
  it("holds the person's notes, consents and sessions, and nothing about a colleague", async () => {
    const company = await newCompany();
    clock.set("2026-11-20T09:00:00-03:00");
    const person = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Júlia Exporta" });
    const colleague = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Caio Colega" });
    await checkIn(person, { mood: 2, notes: "Minha anotação <secreta> & única" });
    await checkIn(colleague, { mood: 5, notes: "Anotação do colega, não é sua" });
    await t.db.insert(auditLog).values({
      actorEmail: "operador@sereno.com.br",
      action: "user.view",
      targetType: "user",
      targetId: person.userId,
    });

    const json = await person.as({ method: "GET", url: "/api/me/export.json" });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-disposition"]).toBe('attachment; filename="meus-dados-sereno-20-11-2026.json"');
    const data = JSON.parse(json.body);
    expect(data.perfil).toMatchObject({ nome: "Júlia Exporta", xp: 50, empresa: company.name });
    expect(data.checkIns).toEqual([
      expect.objectContaining({
        dia: "2026-11-20",
        humor: 2,
        humorTexto: "Baixo",
        anotacao: "Minha anotação <secreta> & única",
      }),
    ]);
    expect(data.historicoDeConsentimentos).toHaveLength(1);
    expect(data.sessoes.length).toBeGreaterThan(0);
    expect(data.acessosDeOperadores).toEqual([expect.objectContaining({ acao: "user.view" })]);
    expect(json.body).not.toContain("colega");
    expect(json.body).not.toContain("Caio");
    expect(json.body).not.toContain(colleague.email);
    expect(json.body).not.toContain(person.token || "no-token");
    const [sessionRow] = await t.db.select().from(session).where(eq(session.userId, person.userId));
    expect(json.body).not.toContain(sessionRow?.token);

    const html = await person.as({ method: "GET", url: "/api/me/export.html" });
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.headers["content-disposition"]).toContain("meus-dados-sereno-20-11-2026.html");
    expect(html.body).toContain("Minha anotação &#60;secreta&#62; &#38; única");
    expect(html.body).toContain("20/11/2026");
    expect(html.body).not.toContain("colega");
    expect(html.body).not.toContain(sessionRow?.token);
  });

  it("streams a long history completely, in order", async () => {
    const person = await signedInPerson(t.app, t.db);
    const rows = Array.from({ length: 1200 }, (_, i) => {
      const day = new Date(Date.UTC(2022, 0, 1 + i)).toISOString().slice(0, 10);
      return { userId: person.userId, mood: (i % 5) + 1, notes: `nota ${i}`, day, xpEarned: 50 };
    });
    await t.db.insert(userProgress).values(rows);
    const json = await person.as({ method: "GET", url: "/api/me/export.json" });
    const data = JSON.parse(json.body);
    expect(data.checkIns).toHaveLength(1200);
    expect(data.checkIns[0].anotacao).toBe("nota 0");
    expect(data.checkIns[1199].anotacao).toBe("nota 1199");
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/me/export.json" });
    expect(response.statusCode).toBe(401);
  });
});

describe("account deletion", () => {
  it("refuses a wrong or missing password and keeps everything", async () => {
    const person = await signedInPerson(t.app, t.db);
    const wrong = await person.as({ method: "POST", url: "/api/me/delete", payload: { password: "nao-e-essa-senha" } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(serverMessages.accountDeletePasswordWrong);
    const missing = await person.as({ method: "POST", url: "/api/me/delete", payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(privacyMessages.accountDeletePasswordRequired);
    expect(await t.db.select().from(user).where(eq(user.id, person.userId))).toHaveLength(1);
  });

  it("with the password: erases the person, ends every session, mails a confirmation; published figures stay", async () => {
    clock.set("2026-11-19T09:00:00-03:00");
    const company = await newCompany();
    const person = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Paula Parte" });
    const otherSession = await signIn(t.app, person.email, person.password);
    await checkIn(person, { mood: 3, notes: "Nota que vai sumir" });
    await t.db.insert(publishedDailyBuckets).values({
      companyId: company.id,
      day: "2026-11-18",
      checkIns: 6,
      noisyCheckIns: 6,
      eligible: 6,
      suppressed: false,
      noisyMoodDelta: 3,
      epsilon: 1,
    });
    const mailsBefore = t.mails.length;

    const deleted = await person.as({ method: "POST", url: "/api/me/delete", payload: { password: person.password } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: "deleted", message: privacyMessages.accountDeleted });
    expect(String(deleted.headers["set-cookie"])).toContain("Max-Age=0");

    for (const table of [profiles, userProgress, consentEvents, session, account] as const) {
      expect(await t.db.select().from(table).where(eq(table.userId, person.userId))).toHaveLength(0);
    }
    expect(await t.db.select().from(user).where(eq(user.id, person.userId))).toHaveLength(0);
    expect(
      await t.db.select().from(publishedDailyBuckets).where(eq(publishedDailyBuckets.companyId, company.id)),
    ).toHaveLength(1);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { origin: TEST_ORIGIN, cookie: otherSession.cookie },
    });
    expect(after.statusCode).toBe(401);
    await expect(signIn(t.app, person.email, person.password)).rejects.toThrow();

    const mail = t.mails.slice(mailsBefore).find((m) => m.to === person.email);
    expect(mail?.subject).toBe("Sua conta no Sereno foi excluída");
    expect(mail?.text).not.toContain("Nota que vai sumir");
    const audit = await t.db.select().from(auditLog);
    expect(JSON.stringify(audit)).not.toContain(person.email);
    expect(JSON.stringify(audit)).not.toContain("Paula Parte");
  });

  it("refuses the last platform admin", async () => {
    const admins = await t.db.select().from(profiles).where(eq(profiles.role, "admin"));
    for (const admin of admins) await t.db.update(profiles).set({ role: "user" }).where(eq(profiles.id, admin.id));
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const refused = await admin.as({ method: "POST", url: "/api/me/delete", payload: { password: admin.password } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(serverMessages.accountDeleteLastAdmin);
    await createPerson(t.db, { role: "admin" });
    const allowed = await admin.as({ method: "POST", url: "/api/me/delete", payload: { password: admin.password } });
    expect(allowed.statusCode).toBe(200);
  });

  it("a Google-only account gets a single-use link by e-mail", async () => {
    const person = await signedInPerson(t.app, t.db);
    await t.db.delete(account).where(eq(account.userId, person.userId));
    const mailsBefore = t.mails.length;
    const requested = await person.as({ method: "POST", url: "/api/me/delete", payload: {} });
    expect(requested.json()).toEqual({ status: "link-sent", message: serverMessages.accountDeleteLinkSent });
    const mail = t.mails.slice(mailsBefore).find((m) => m.to === person.email);
    const link = new URL(linkIn(mail?.text ?? "", "/excluir-conta"));
    const token = link.searchParams.get("token") ?? "";
    expect(await t.db.select().from(user).where(eq(user.id, person.userId))).toHaveLength(1);

    const bad = await t.app.inject({
      method: "POST",
      url: "/api/me/delete/confirm",
      payload: { token: "x".repeat(40) },
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toBe(privacyMessages.accountDeleteLinkInvalid);
    const confirmed = await t.app.inject({ method: "POST", url: "/api/me/delete/confirm", payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(await t.db.select().from(user).where(eq(user.id, person.userId))).toHaveLength(0);
    const again = await t.app.inject({ method: "POST", url: "/api/me/delete/confirm", payload: { token } });
    expect(again.statusCode).toBe(404);
  });
});
