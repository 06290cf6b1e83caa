import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import { auditLog, jobs, whatsappConnections, whatsappNumbers, whatsappStatuses } from "#server/db/schema/index.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import {
  deliveryStatus,
  type FakeCloudApi,
  inboundText,
  type SentMessage,
  signedDelivery,
  startFakeCloudApi,
} from "#tests/whatsapp/fake-cloud-api.ts";

const PHONE_NUMBER_ID = "106540352242922";
const TOKEN = "EAAG-token-de-teste";
const APP_SECRET = "segredo-do-app-meta";

let t: TestApp;
let cloud: FakeCloudApi;
let companyId: string;
let manager: Awaited<ReturnType<typeof companyWithManager>>["manager"];
let platformAdmin: Awaited<ReturnType<typeof signedInPerson>>;
const clock = testClock("2026-11-23T08:00:00-03:00"); // a Monday in São Paulo

beforeAll(async () => {
  cloud = await startFakeCloudApi();
  t = await createTestApp({ now: clock.now, env: { WHATSAPP_API_URL: cloud.url } });
  ({
    company: { id: companyId },
    manager,
  } = await companyWithManager(t.app, t.db));
  platformAdmin = await signedInPerson(t.app, t.db, { role: "admin", companyId: null });
});
afterAll(async () => {
  await t.close();
  await cloud.close();
});

async function tick(at: string) {
  clock.set(at);
  await scheduleDailyJobs(t.db, t.app.deps.jobs, clock.now());
  return runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
}

const sentTo = (phone: string) => cloud.sent.filter((message) => message.to === phone);

/** The code inside a confirmation template's body. */
const codeIn = (message: SentMessage | undefined) =>
  (message?.body.template as { components: Array<{ parameters: Array<{ text: string }> }> } | undefined)?.components[0]
    ?.parameters[0]?.text;
const textOf = (message: SentMessage | undefined) => (message?.body.text as { body: string } | undefined)?.body;

function webhook(payload: unknown, secret = APP_SECRET, company = companyId) {
  const { body, headers } = signedDelivery(secret, payload);
  return t.app.inject({ method: "POST", url: `/api/whatsapp/webhook/${company}`, headers, payload: body });
}

async function connect() {
  return platformAdmin.as({
    method: "PUT",
    url: `/api/admin/companies/${companyId}/whatsapp`,
    payload: { phoneNumberId: PHONE_NUMBER_ID, accessToken: TOKEN, appSecret: APP_SECRET },
  });
}

let phoneCounter = 0;
/** A member who confirmed a fresh number with the code WhatsApp delivered. */
async function memberOnWhatsapp() {
  const person = await signedInPerson(t.app, t.db, { companyId });
  phoneCounter += 1;
  const phone = `55119${String(10000000 + phoneCounter).slice(-8)}`;
  const asked = await person.as({
    method: "POST",
    url: "/api/me/whatsapp",
    payload: { phone: `(11) 9${phone.slice(5)}` },
  });
  expect(asked.statusCode).toBe(200);
  const codeMessage = sentTo(phone).at(-1);
  const code = codeIn(codeMessage);
  const confirmed = await person.as({ method: "POST", url: "/api/me/whatsapp/confirm", payload: { code } });
  expect(confirmed.statusCode).toBe(200);
  return { ...person, phone };
}

describe("the company's WhatsApp number in Administração", () => {
  it("is the platform admin's alone, keeps the token and app secret sealed, and never returns them", async () => {
    expect((await manager.as({ method: "GET", url: `/api/admin/companies/${companyId}/whatsapp` })).statusCode).toBe(
      403,
    );
    const missing = await platformAdmin.as({
      method: "PUT",
      url: `/api/admin/companies/${companyId}/whatsapp`,
      payload: { phoneNumberId: PHONE_NUMBER_ID },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Informe o token de acesso do WhatsApp Business.");
    const badId = await platformAdmin.as({
      method: "PUT",
      url: `/api/admin/companies/${companyId}/whatsapp`,
      payload: { phoneNumberId: "abc", accessToken: TOKEN, appSecret: APP_SECRET },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain("Informe o ID do número de telefone");
    const saved = await connect();
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(TOKEN);
    expect(saved.body).not.toContain(APP_SECRET);
    expect(saved.json().webhookUrl).toBe(`http://localhost:3000/api/whatsapp/webhook/${companyId}`);
    const [row] = await t.db.select().from(whatsappConnections).where(eq(whatsappConnections.companyId, companyId));
    expect(row?.accessToken).toMatch(/^v1\./);
    expect(row?.accessToken).not.toContain(TOKEN);
    // Meta's handshake answers the challenge only with the verify token.
    const handshake = (token: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/whatsapp/webhook/${companyId}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    expect((await handshake("errado")).statusCode).toBe(403);
    const ok = await handshake(saved.json().verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
  });

  it("refuses working days that are none, and keeps the company's", async () => {
    const none = await platformAdmin.as({
      method: "PUT",
      url: `/api/admin/companies/${companyId}/working-days`,
      payload: { workingDays: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Escolha ao menos um dia de trabalho.");
  });
});

describe("a member's WhatsApp", () => {
  it("is confirmed by a code WhatsApp delivers; a wrong code or a bad number is refused in pt-BR", async () => {
    const person = await signedInPerson(t.app, t.db, { companyId });
    const before = (await person.as({ method: "GET", url: "/api/me/whatsapp" })).json();
    expect(before).toEqual({ available: true, status: "none", number: null });
    // The switch cannot be turned on without a confirmed number.
    const early = await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { whatsapp: true } },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toContain("Confirme seu número de WhatsApp");
    const bad = await person.as({ method: "POST", url: "/api/me/whatsapp", payload: { phone: "123" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Informe o número do seu WhatsApp com DDD");
    const asked = await person.as({ method: "POST", url: "/api/me/whatsapp", payload: { phone: "(11) 98888-7777" } });
    expect(asked.statusCode).toBe(200);
    const [codeMessage] = sentTo("5511988887777");
    expect(codeMessage).toMatchObject({ phoneNumberId: PHONE_NUMBER_ID, token: TOKEN, type: "template" });
    expect(codeMessage?.body.template).toMatchObject({
      name: "sereno_codigo_confirmacao",
      language: { code: "pt_BR" },
    });
    const wrong = await person.as({ method: "POST", url: "/api/me/whatsapp/confirm", payload: { code: "000000" } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain("Código incorreto");
    const code = codeIn(codeMessage);
    const ok = await person.as({ method: "POST", url: "/api/me/whatsapp/confirm", payload: { code } });
    expect(ok.statusCode).toBe(200);
    const after = (await person.as({ method: "GET", url: "/api/me/whatsapp" })).json();
    expect(after).toEqual({ available: true, status: "confirmed", number: "+55 11 •••••-7777" });
    expect((await person.as({ method: "GET", url: "/api/me" })).json().notificationPreferences.whatsapp).toBe(true);
  });

  it("saves nothing when WhatsApp cannot deliver the code", async () => {
    const person = await signedInPerson(t.app, t.db, { companyId });
    cloud.outage.on = true;
    const refused = await person.as({ method: "POST", url: "/api/me/whatsapp", payload: { phone: "11977776666" } });
    cloud.outage.on = false;
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error.message).toContain("Não conseguimos enviar o código pelo WhatsApp");
    expect(await t.db.select().from(whatsappNumbers).where(eq(whatsappNumbers.userId, person.userId))).toHaveLength(0);
  });

  it("gets the reminder as the utility template with one button to the check-in, by WhatsApp alone, once a day", async () => {
    const person = await memberOnWhatsapp();
    const mailsBefore = t.mails.filter((mail) => mail.to === person.email).length;
    for (const at of ["09:30", "09:31", "09:45", "10:10"]) await tick(`2026-11-23T${at}:00-03:00`);
    const reminders = sentTo(person.phone)
      .filter((message) => message.type === "template")
      .slice(1);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.body.template).toEqual({
      name: "sereno_lembrete_checkin",
      language: { code: "pt_BR" },
      components: [
        {
          type: "button",
          sub_type: "url",
          index: "0",
          parameters: [{ type: "text", text: "check-ins?origem=whatsapp" }],
        },
      ],
    });
    // One reminder a day across channels: no e-mail beside it.
    expect(t.mails.filter((mail) => mail.to === person.email)).toHaveLength(mailsBefore);
  });

  it("sends none on a day the company does not work, nor in the quiet hours", async () => {
    const person = await memberOnWhatsapp();
    await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminderDays: [0, 1, 2, 3, 4, 5, 6] } },
    });
    await platformAdmin.as({
      method: "PUT",
      url: `/api/admin/companies/${companyId}/working-days`,
      payload: { workingDays: [1, 2, 3, 4] },
    });
    const count = () => sentTo(person.phone).length;
    const before = count();
    await tick("2026-11-27T09:35:00-03:00"); // a Friday: not a working day now
    await tick("2026-11-28T09:35:00-03:00"); // Saturday
    expect(count()).toBe(before);
    await platformAdmin.as({
      method: "PUT",
      url: `/api/admin/companies/${companyId}/working-days`,
      payload: { workingDays: [1, 2, 3, 4, 5] },
    });
    // Queued at 19:50 during an outage, retried at 20:01, inside the quiet hours (20:00–08:00): dropped.
    await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminderTime: "19:45" } },
    });
    cloud.outage.on = true;
    await tick("2026-11-30T19:50:00-03:00");
    cloud.outage.on = false;
    await tick("2026-11-30T20:01:00-03:00");
    await tick("2026-11-30T20:10:00-03:00");
    expect(count()).toBe(before);
    const [queued] = await t.db
      .select()
      .from(jobs)
      .where(sql`name = 'whatsapp-reminder' AND key = ${`${person.userId}|2026-11-30`}`);
    expect(queued).toMatchObject({ attempts: 2, failedAt: null });
    expect(queued?.finishedAt).not.toBeNull();
  });

  it("retries an outage with back-off, shown on the jobs' health, and never sends after 'PARAR'", async () => {
    const person = await memberOnWhatsapp();
    const other = await memberOnWhatsapp();
    cloud.outage.on = true;
    await tick("2026-11-24T09:30:00-03:00");
    const [pending] = await t.db
      .select()
      .from(jobs)
      .where(sql`name = 'whatsapp-reminder' AND key = ${`${person.userId}|2026-11-24`}`);
    expect(pending?.attempts).toBe(1);
    // The admin's jobs health says what failed, never for whom.
    const health = (await platformAdmin.as({ method: "GET", url: "/api/admin/jobs" })).json() as Array<{
      name: string;
      lastError: { message: string } | null;
    }>;
    const whatsappJob = health.find((job) => job.name === "whatsapp-reminder");
    expect(whatsappJob?.lastError?.message).toContain("WhatsApp Cloud API answered 503");
    expect(JSON.stringify(whatsappJob)).not.toContain(person.userId);
    cloud.outage.on = false;
    // 'PARAR' before the retry: that number is never sent to again; the other gets its reminder on the retry.
    const stop = await webhook(inboundText(PHONE_NUMBER_ID, person.phone, "parar"));
    expect(stop.statusCode).toBe(200);
    const beforeRetry = sentTo(person.phone).length;
    await tick("2026-11-24T09:31:00-03:00");
    await tick("2026-11-24T09:35:00-03:00");
    const afterRetry = sentTo(person.phone).slice(beforeRetry);
    // Only the opt-out's confirmation, a free-form text inside the 24-hour window.
    expect(afterRetry.map((message) => message.type)).toEqual(["text"]);
    expect(textOf(afterRetry[0])).toContain("não vai mais receber lembretes do Sereno");
    expect(sentTo(other.phone).filter((message) => message.type === "template")).toHaveLength(2);
    expect((await person.as({ method: "GET", url: "/api/me/whatsapp" })).json().status).toBe("opted_out");
    await tick("2026-11-25T09:35:00-03:00");
    expect(sentTo(person.phone).slice(beforeRetry)).toHaveLength(1);
  });

  it("answers any other reply neutrally, with the crisis lines when it holds a crisis word, and stores no text", async () => {
    const person = await memberOnWhatsapp();
    const before = sentTo(person.phone).length;
    expect((await webhook(inboundText(PHONE_NUMBER_ID, person.phone, "Bom dia, tudo certo"))).statusCode).toBe(200);
    expect((await webhook(inboundText(PHONE_NUMBER_ID, person.phone, "não aguento mais"))).statusCode).toBe(200);
    await t.runJobs(clock.now());
    const answers = sentTo(person.phone).slice(before).map(textOf);
    expect(answers).toHaveLength(2);
    const crisis = answers.find((text) => text?.includes("188"));
    const neutral = answers.find((text) => text !== crisis);
    expect(neutral).toContain("Este número só envia lembretes do Sereno e não lê respostas");
    expect(neutral).not.toContain("188");
    expect(crisis).toContain("CVV: 188");
    const stored = await t.db.execute(sql`SELECT payload::text AS payload FROM jobs WHERE name = 'whatsapp-reply'`);
    expect(JSON.stringify(stored)).not.toMatch(/aguento|Bom dia/);
    expect((await person.as({ method: "GET", url: "/api/me/whatsapp" })).json().status).toBe("confirmed");
  });

  it("refuses a webhook without a valid signature with 401, and changes nothing", async () => {
    const person = await memberOnWhatsapp();
    const payload = inboundText(PHONE_NUMBER_ID, person.phone, "PARAR");
    const unsigned = await t.app.inject({
      method: "POST",
      url: `/api/whatsapp/webhook/${companyId}`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await webhook(payload, "outro-segredo")).statusCode).toBe(401);
    expect((await webhook(payload, APP_SECRET, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(401);
    // A valid signature over another body is no signature for this one.
    const { headers } = signedDelivery(APP_SECRET, payload);
    const tampered = await t.app.inject({
      method: "POST",
      url: `/api/whatsapp/webhook/${companyId}`,
      headers,
      payload: JSON.stringify(inboundText(PHONE_NUMBER_ID, person.phone, "SAIR")),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await person.as({ method: "GET", url: "/api/me/whatsapp" })).json().status).toBe("confirmed");
  });

  it("keeps delivery statuses without content, for 30 days", async () => {
    const accepted = await webhook(
      deliveryStatus(PHONE_NUMBER_ID, "wamid.HBgLNTUxMTk4ODg4Nzc3NxUCABIYFjNFQjBDNjE", "5511988887777", "delivered"),
    );
    expect(accepted.statusCode).toBe(200);
    const rows = await t.db.select().from(whatsappStatuses).where(eq(whatsappStatuses.companyId, companyId));
    expect(rows.at(-1)).toMatchObject({
      status: "delivered",
      messageId: "wamid.HBgLNTUxMTk4ODg4Nzc3NxUCABIYFjNFQjBDNjE",
    });
    expect(Object.keys(rows.at(-1) ?? {})).not.toContain("recipient");
    await t.db.update(whatsappStatuses).set({ at: new Date(clock.now().getTime() - 31 * 86_400_000) });
    await t.runJobs(clock.now());
    const retention = t.app.deps.jobs.find((job) => job.name === "retention");
    await retention?.run({
      db: t.db,
      now: clock.now(),
      job: { id: "0", name: "retention", key: "x", payload: null, attempts: 1, max_attempts: 1 },
    });
    expect(await t.db.select().from(whatsappStatuses)).toHaveLength(0);
  });
});

describe("disconnecting the company's WhatsApp", () => {
  it("sends the next reminders by e-mail, is in the Registro de acessos once, and is refused when nothing is connected", async () => {
    const person = await memberOnWhatsapp();
    const templatesBefore = sentTo(person.phone).length;
    const mailsTo = () => t.mails.filter((mail) => mail.to === person.email).map((mail) => mail.subject);
    const mailsBefore = mailsTo().length;
    const url = `/api/admin/companies/${companyId}/whatsapp`;
    const removed = await platformAdmin.as({ method: "DELETE", url });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: whatsappMessages.removed });
    expect((await platformAdmin.as({ url })).json().connection).toBeNull();
    await tick("2026-12-01T09:30:00-03:00"); // a Tuesday
    expect(sentTo(person.phone)).toHaveLength(templatesBefore);
    expect(mailsTo().slice(mailsBefore)).toEqual(["Seu lembrete de check-in no Sereno"]);
    const again = await platformAdmin.as({ method: "DELETE", url });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(whatsappMessages.alreadyRemoved);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`action = 'whatsapp.remove' AND company_id = ${companyId}`);
    expect(entries).toHaveLength(1);
  });
});
