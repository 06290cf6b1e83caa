/**
 * The member's WHO-5 (docs/decisions/077, 078): its score on hand-made cases,
 * its own consent (separate from the mood consent, revocable), the 80-day
 * 409, the incomplete answer refused with its items named and nothing saved,
 * 'Agora não', the quarterly nudge through the member's reminders, the export
 * and the deletion, and no company-facing reply holding anyone's WHO-5.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHO5_CONSENT_VERSION } from "#core/who5.ts";
import { who5Answers, who5ConsentEvents, who5Dismissals } from "#server/db/schema/index.ts";
import { deleteAccount } from "#server/features/privacy-rights/delete-account.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-10T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t?.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;
const consent = (person: Person) =>
  person.as({ method: "POST", url: "/api/me/who5/consent", payload: { version: WHO5_CONSENT_VERSION } });
const answer = (person: Person, answers: unknown) =>
  person.as({ method: "POST", url: "/api/me/who5/answers", payload: { answers } });
const status = async (person: Person) => (await person.as({ url: "/api/me/who5" })).json();
const savedAnswers = (person: Person) => t.db.select().from(who5Answers).where(eq(who5Answers.userId, person.userId));

async function consentedMember(options: Parameters<typeof signedInPerson>[2] = {}) {
  const person = await signedInPerson(t.app, t.db, options);
  expect((await consent(person)).statusCode).toBe(200);
  return person;
}

describe("WHO-5 score", () => {
  it("is the raw sum times four, stored with each item", async () => {
    clock.set("2026-11-10T10:00:00-03:00");
    const cases: [number[], number][] = [
      [[3, 2, 3, 2, 3], 52],
      [[5, 5, 5, 5, 5], 100],
      [[0, 0, 0, 0, 0], 0],
      [[1, 4, 0, 5, 2], 48],
    ];
    for (const [items, score] of cases) {
      const person = await consentedMember();
      const response = await answer(person, items);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().result).toMatchObject({ items, score, day: "2026-11-10" });
      const [row] = await savedAnswers(person);
      expect(row).toMatchObject({ item1: items[0], item5: items[4], score });
    }
  });
});

describe("WHO-5 consent", () => {
  it("is required, separate from the mood consent, and revocable", async () => {
    clock.set("2026-11-10T10:00:00-03:00");
    // Mood consent given (the default), WHO-5 consent not: refused, nothing saved, and the Painel asks for it.
    const person = await signedInPerson(t.app, t.db);
    expect((await status(person)).offer).toBe("consent");
    const refused = await answer(person, [3, 3, 3, 3, 3]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("CONSENT_REQUIRED");
    expect(refused.json().error.message).toMatch(/consentimento/);
    expect(await savedAnswers(person)).toHaveLength(0);

    expect((await consent(person)).statusCode).toBe(200);
    expect(await status(person)).toMatchObject({ hasConsent: true, offer: "questionnaire" });

    const revoked = await person.as({ method: "DELETE", url: "/api/me/who5/consent" });
    expect(revoked.statusCode).toBe(200);
    expect(await status(person)).toMatchObject({ hasConsent: false, offer: null, consent: { kind: "revoked" } });
    expect((await answer(person, [3, 3, 3, 3, 3])).statusCode).toBe(403);
    expect(await savedAnswers(person)).toHaveLength(0);
    // Revoking twice records nothing new.
    await person.as({ method: "DELETE", url: "/api/me/who5/consent" });
    const events = await t.db.select().from(who5ConsentEvents).where(eq(who5ConsentEvents.userId, person.userId));
    expect(events.map((event) => event.kind)).toEqual(["given", "revoked"]);
  });

  it("needs no mood consent, and an old text version is refused", async () => {
    const person = await signedInPerson(t.app, t.db, { consent: false });
    const old = await person.as({ method: "POST", url: "/api/me/who5/consent", payload: { version: "0" } });
    expect(old.statusCode).toBe(400);
    expect((await consent(person)).statusCode).toBe(200);
    expect((await answer(person, [2, 2, 2, 2, 2])).statusCode).toBe(201);
  });

  it("is for people of a company: a platform admin is refused", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    expect((await admin.as({ url: "/api/me/who5" })).statusCode).toBe(403);
    expect((await consent(admin)).statusCode).toBe(403);
  });
});

describe("WHO-5 answers", () => {
  it("refuses an incomplete answer naming the missing items, saving nothing", async () => {
    const person = await consentedMember();
    const response = await answer(person, [3, null, 2, null]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION",
      message: "Responda às perguntas 2, 4 e 5 para enviar.",
    });
    const one = await answer(person, [3, 2, 2, 4]);
    expect(one.json().error.message).toBe("Responda à pergunta 5 para enviar.");
    expect((await answer(person, [3, 2, 2, 4, 6])).statusCode).toBe(400);
    expect((await answer(person, "tudo bem")).statusCode).toBe(400);
    expect(await savedAnswers(person)).toHaveLength(0);
  });

  it("never twice within 80 days: a 409 in pt-BR, then accepted on the 80th day", async () => {
    clock.set("2026-09-20T10:00:00-03:00");
    const person = await consentedMember();
    expect((await answer(person, [4, 4, 4, 4, 4])).statusCode).toBe(201);
    clock.set("2026-12-09T09:00:00-03:00");
    const again = await answer(person, [1, 1, 1, 1, 1]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "Você já respondeu ao Índice de Bem-Estar em 20/09/2026. Para que ele mostre uma mudança real, a próxima resposta é a partir de 09/12/2026.",
    );
    expect(await status(person)).toMatchObject({ offer: null, nextAnswerDay: "2026-12-09" });
    clock.set("2026-12-09T10:00:00-03:00");
    expect((await status(person)).offer).toBe("questionnaire");
    expect((await answer(person, [1, 1, 1, 1, 1])).statusCode).toBe(201);
    const results = (await status(person)).results;
    expect(results.map((result: { score: number }) => result.score)).toEqual([80, 20]);
  });

  it("two submits at once save one answer", async () => {
    clock.set("2026-11-10T10:00:00-03:00");
    const person = await consentedMember();
    const replies = await Promise.all([answer(person, [3, 3, 3, 3, 3]), answer(person, [2, 2, 2, 2, 2])]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    expect(await savedAnswers(person)).toHaveLength(1);
  });

  it("'Agora não' hides the offer for 14 days", async () => {
    clock.set("2026-11-10T10:00:00-03:00");
    const person = await consentedMember();
    const dismissed = await person.as({ method: "POST", url: "/api/me/who5/dismissal" });
    expect(dismissed.statusCode).toBe(200);
    expect((await status(person)).offer).toBe(null);
    clock.set("2026-11-24T09:59:00-03:00");
    expect((await status(person)).offer).toBe(null);
    clock.set("2026-11-24T10:00:00-03:00");
    expect((await status(person)).offer).toBe("questionnaire");
  });

  it("each person reads only their own results", async () => {
    clock.set("2026-11-10T10:00:00-03:00");
    const first = await consentedMember();
    const colleague = await consentedMember({ companyId: first.companyId });
    expect((await answer(first, [0, 1, 0, 1, 0])).statusCode).toBe(201);
    expect((await status(colleague)).results).toEqual([]);
  });
});

describe("the quarterly nudge", () => {
  it("goes once a quarter through the member's reminders, to the consented only, without the score", async () => {
    clock.set("2026-11-12T10:00:00-03:00");
    const due = await consentedMember();
    const noConsent = await signedInPerson(t.app, t.db);
    const noReminders = await consentedMember();
    const off = await noReminders.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminders: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const { sweepWho5Nudges } = await import("./who5-nudges.ts");
    await sweepWho5Nudges(t.db, clock.now());
    t.mails.length = 0;
    await t.runJobs();
    const to = (person: Person) => t.mails.filter((mail) => mail.to === person.email);
    expect(to(due)).toHaveLength(1);
    expect(to(due)[0]?.subject).toMatch(/Índice de Bem-Estar/);
    expect(to(noConsent)).toHaveLength(0);
    expect(to(noReminders)).toHaveLength(0);
    // The next day's sweep sends nothing new this quarter.
    clock.set("2026-11-13T10:00:00-03:00");
    await sweepWho5Nudges(t.db, clock.now());
    await t.runJobs();
    expect(to(due)).toHaveLength(1);
    // After answering, the next quarter's nudge waits for the 80 days.
    expect((await answer(due, [2, 2, 2, 2, 2])).statusCode).toBe(201);
    clock.set("2027-01-05T10:00:00-03:00");
    await sweepWho5Nudges(t.db, clock.now());
    await t.runJobs();
    expect(to(due)).toHaveLength(1);
    clock.set("2027-02-01T10:00:00-03:00");
    await sweepWho5Nudges(t.db, clock.now());
    await t.runJobs();
    expect(to(due)).toHaveLength(2);
    expect(to(due).every((mail) => !/\b40\b/.test(mail.text ?? ""))).toBe(true);
  });
});

describe("the member's rights", () => {
  it("'Baixar meus dados' holds the WHO-5 answers and consent; deleting the account deletes them", async () => {
    clock.set("2026-11-10T10:00:00-03:00");
    const person = await consentedMember();
    expect((await answer(person, [5, 4, 3, 2, 1])).statusCode).toBe(201);
    await person.as({ method: "POST", url: "/api/me/who5/dismissal" });
    const data = JSON.parse((await person.as({ url: "/api/me/export.json" })).body);
    expect(data.indiceDeBemEstar.consentimentos).toMatchObject([{ tipo: "Dado", versao: WHO5_CONSENT_VERSION }]);
    expect(data.indiceDeBemEstar.respostas).toHaveLength(1);
    expect(data.indiceDeBemEstar.respostas[0]).toMatchObject({ indice: 60 });
    expect(data.indiceDeBemEstar.respostas[0].itens[0]).toMatchObject({
      pergunta: "Eu me senti alegre e de bom humor",
      resposta: "Todo o tempo",
      valor: 5,
    });
    const html = (await person.as({ url: "/api/me/export.html" })).body;
    expect(html).toContain("Índice de Bem-Estar da OMS (WHO-5): respostas");
    expect(html).toContain("Todo o tempo (5)");

    await deleteAccount(t.db, person.userId);
    for (const table of [who5Answers, who5ConsentEvents, who5Dismissals]) {
      expect(await t.db.select().from(table).where(eq(table.userId, person.userId))).toHaveLength(0);
    }
  });
});
