import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#core/messages.ts";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { auditLog, jobs, msteamsCards, msteamsConnections, msteamsLinkCodes } from "#server/db/schema/index.ts";
import { runRetention } from "#server/jobs/retention.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { type FakeBotFramework, startFakeBotFramework } from "#tests/msteams/fake-bot-framework.ts";
import { APP_ID, boundMember, CLIENT_SECRET, connectBot, standInEnv, TENANT_ID } from "#tests/msteams/teams-setup.ts";

let t: TestApp;
let stand: FakeBotFramework;
let companyId: string;
let manager: Awaited<ReturnType<typeof companyWithManager>>["manager"];
let platformAdmin: Awaited<ReturnType<typeof signedInPerson>>;
const clock = testClock("2026-11-23T08:00:00-03:00"); // a Monday in São Paulo

beforeAll(async () => {
  stand = await startFakeBotFramework();
  t = await createTestApp({ now: clock.now, env: standInEnv(stand) });
  ({
    company: { id: companyId },
    manager,
  } = await companyWithManager(t.app, t.db));
  platformAdmin = await signedInPerson(t.app, t.db, { role: "admin", companyId: null });
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

async function tick(at: string) {
  clock.set(at);
  await scheduleDailyJobs(t.db, t.app.deps.jobs, clock.now());
  return runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
}

const cardsTo = (conversationId: string) =>
  stand.sent.filter((activity) => activity.conversationId === conversationId && activity.method === "POST");

/** Width and height from a PNG's IHDR, and whether it has an alpha channel. */
function pngSize(bytes: Uint8Array | undefined) {
  const view = Buffer.from(bytes ?? []);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20), colorType: view[25] };
}

describe("the company's Teams bot in Administração", () => {
  it("is the platform admin's alone, keeps the client secret sealed and never returns it", async () => {
    const url = `/api/admin/companies/${companyId}/msteams`;
    expect((await manager.as({ url })).statusCode).toBe(403);
    // A path that names no company id gets the spec's message, as every /api/admin/companies/:id route does.
    const malformed = await platformAdmin.as({ url: "/api/admin/companies/nao-e-um-id/msteams" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(messages.companyIdMissing);
    const missing = await platformAdmin.as({ method: "PUT", url, payload: { appId: APP_ID, tenantId: TENANT_ID } });
    expect(missing.statusCode).toBe(400);
    const badId = await platformAdmin.as({
      method: "PUT",
      url,
      payload: { appId: "sereno-bot", tenantId: TENANT_ID, clientSecret: CLIENT_SECRET },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain("Microsoft App ID");
    expect((await platformAdmin.as({ url: `${url}/package` })).statusCode).toBe(409);
    const saved = await connectBot(platformAdmin, companyId);
    expect(saved.json()).toEqual({
      connection: { appId: APP_ID, tenantId: TENANT_ID, hasClientSecret: true },
      messagingEndpoint: `http://localhost:3000/api/msteams/messages/${companyId}`,
    });
    expect(saved.body).not.toContain(CLIENT_SECRET);
    const [row] = await t.db.select().from(msteamsConnections).where(eq(msteamsConnections.companyId, companyId));
    expect(row?.clientSecret).not.toContain(CLIENT_SECRET);
    // Editing without a secret keeps the stored one.
    const edited = await platformAdmin.as({ method: "PUT", url, payload: { appId: APP_ID, tenantId: TENANT_ID } });
    expect(edited.statusCode).toBe(200);
    const [after] = await t.db.select().from(msteamsConnections).where(eq(msteamsConnections.companyId, companyId));
    expect(after?.clientSecret).toBe(row?.clientSecret);
  });

  it("downloads the app package: the manifest of a personal bot with the App ID and the two icons", async () => {
    const response = await platformAdmin.as({ url: `/api/admin/companies/${companyId}/msteams/package` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toContain("sereno-teams.zip");
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(["color.png", "manifest.json", "outline.png"]);
    const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]));
    expect(manifest).toMatchObject({
      manifestVersion: "1.22",
      id: APP_ID,
      icons: { color: "color.png", outline: "outline.png" },
      bots: [{ botId: APP_ID, scopes: ["personal"] }],
      validDomains: ["localhost:3000"],
    });
    expect(manifest.$schema).toContain("/v1.22/MicrosoftTeams.schema.json");
    expect(manifest.name.short.length).toBeLessThanOrEqual(30);
    expect(manifest.description.short.length).toBeLessThanOrEqual(80);
    expect(pngSize(files["color.png"])).toEqual({ width: 192, height: 192, colorType: 6 });
    expect(pngSize(files["outline.png"])).toEqual({ width: 32, height: 32, colorType: 6 });
    expect(stand.tokenRequests).toEqual([]);
  });
});

describe("reminders by Teams", () => {
  it("goes out with the bot's token, at the chosen hour only, and retries an outage with back-off", async () => {
    const member = await boundMember(t, stand, companyId);
    await tick("2026-11-24T09:29:00-03:00");
    expect(cardsTo(member.who.conversationId)).toHaveLength(1); // the link card only
    stand.outage.on = true;
    await tick("2026-11-24T09:30:00-03:00");
    await tick("2026-11-24T09:30:10-03:00");
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(sql`name = 'msteams-reminder' AND key = ${`${member.userId}|2026-11-24`}`);
    expect(job?.attempts).toBeGreaterThanOrEqual(1);
    expect(job?.lastError).toContain("Bot Connector answered 503");
    stand.outage.on = false;
    await tick("2026-11-24T09:35:00-03:00");
    expect(cardsTo(member.who.conversationId)).toHaveLength(2);
    const last = stand.tokenRequests.at(-1);
    expect(last).toMatchObject({ grant_type: "client_credentials", client_id: APP_ID, client_secret: CLIENT_SECRET });
    expect(last?.scope).toBe("https://api.botframework.com/.default");
    // Once a day.
    await tick("2026-11-24T09:50:00-03:00");
    expect(cardsTo(member.who.conversationId)).toHaveLength(2);
  });

  it("after an outage of four tries, sends the day's reminder by e-mail instead, once, and no late card", async () => {
    const member = await boundMember(t, stand, companyId);
    const mailsTo = () => t.mails.filter((mail) => mail.to === member.email);
    const mailsBefore = mailsTo().length;
    stand.outage.on = true;
    // Tries at 09:30, then after 30 s, 1 min and 2 min of back-off: the fourth failure hands the reminder over.
    for (const at of ["09:30:00", "09:30:40", "09:31:40", "09:33:40"]) await tick(`2026-11-30T${at}-03:00`);
    expect(cardsTo(member.who.conversationId)).toHaveLength(1); // the link card only
    await tick("2026-11-30T09:33:50-03:00");
    // The chat job ends failed, so Administração's job health counts the outage, never naming the person.
    const [given] = await t.db
      .select()
      .from(jobs)
      .where(sql`name = 'msteams-reminder' AND key = ${`${member.userId}|2026-11-30`}`);
    expect(given).toMatchObject({ attempts: 4, maxAttempts: 4, finishedAt: null });
    expect(given?.failedAt).toBeTruthy();
    const health = (await platformAdmin.as({ url: "/api/admin/jobs" })).json() as Array<{
      name: string;
      failures: number;
      lastError: { message: string } | null;
    }>;
    const teamsJob = health.find((job) => job.name === "msteams-reminder");
    expect(teamsJob?.failures).toBeGreaterThanOrEqual(1);
    expect(teamsJob?.lastError?.message).toContain("Bot Connector answered 503");
    expect(JSON.stringify(teamsJob)).not.toContain(member.userId);
    const [fallback] = await t.db
      .select()
      .from(jobs)
      .where(sql`name = 'reminder-fallback' AND key = ${`${member.userId}|2026-11-30`}`);
    expect(fallback?.finishedAt).toBeTruthy();
    expect(
      mailsTo()
        .slice(mailsBefore)
        .map((mail) => mail.subject),
    ).toEqual(["Seu lembrete de check-in no Sereno"]);
    // The connector comes back: no late card, no second e-mail.
    stand.outage.on = false;
    for (const at of ["09:40", "09:50", "10:10"]) await tick(`2026-11-30T${at}:00-03:00`);
    expect(cardsTo(member.who.conversationId)).toHaveLength(1);
    expect(mailsTo()).toHaveLength(mailsBefore + 1);
  });

  it("respects an opt-out made while a retry waits: nothing is sent to that chat again", async () => {
    const leaving = await boundMember(t, stand, companyId);
    const staying = await boundMember(t, stand, companyId);
    stand.outage.on = true;
    await tick("2026-11-25T09:30:00-03:00");
    stand.outage.on = false;
    const off = await leaving.as({ method: "PUT", url: "/api/me/msteams", payload: { optedIn: false } });
    expect(off.statusCode).toBe(200);
    for (const at of ["09:31", "09:35", "09:45"]) await tick(`2026-11-25T${at}:00-03:00`);
    expect(cardsTo(leaving.who.conversationId)).toHaveLength(1);
    expect(cardsTo(staying.who.conversationId)).toHaveLength(2);
    expect((await leaving.as({ url: "/api/me/msteams" })).json()).toEqual({
      available: true,
      linked: true,
      optedIn: false,
    });
  });

  it("sends nothing in the quiet hours nor on a day that is not a working day", async () => {
    const member = await boundMember(t, stand, companyId);
    const late = await member.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminderTime: "19:45" } },
    });
    expect(late.statusCode).toBe(200);
    // The connector is out until the quiet hours begin (20:00): the retries after that send nothing.
    stand.outage.on = true;
    await tick("2026-11-26T19:50:00-03:00");
    stand.outage.on = false;
    for (const at of ["20:01", "20:10", "20:40"]) await tick(`2026-11-26T${at}:00-03:00`);
    expect(cardsTo(member.who.conversationId)).toHaveLength(1);
    const [queued] = await t.db
      .select()
      .from(jobs)
      .where(sql`name = 'msteams-reminder' AND key = ${`${member.userId}|2026-11-26`}`);
    expect(queued?.attempts).toBeGreaterThanOrEqual(2);
    await member.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminderTime: "10:00" } },
    });
    const days = await platformAdmin.as({
      method: "PUT",
      url: `/api/admin/companies/${companyId}/working-days`,
      payload: { workingDays: [1, 2, 3, 4] },
    });
    expect(days.statusCode).toBe(200);
    for (const at of ["10:00", "10:05"]) await tick(`2026-11-27T${at}:00-03:00`); // a Friday
    expect(cardsTo(member.who.conversationId)).toHaveLength(1);
  });
});

describe("retention of the Teams rows", () => {
  it("deletes reminder cards after a week and expired link codes", async () => {
    expect((await t.db.select().from(msteamsCards)).length).toBeGreaterThan(0);
    const later = new Date(clock.now().getTime() + 8 * 86_400_000);
    const result = await runRetention(t.db, { now: later, notesRetentionDays: 400, outboxDir: "/nonexistent" });
    expect(result.msteamsCards).toBeGreaterThan(0);
    expect(await t.db.select().from(msteamsCards)).toEqual([]);
    expect(await t.db.select().from(msteamsLinkCodes)).toEqual([]);
  });
});

describe("disconnecting the company's Teams", () => {
  it("sends the next reminders by e-mail, is in the Registro de acessos once, and is refused when nothing is connected", async () => {
    const member = await boundMember(t, stand, companyId);
    const mailsTo = () => t.mails.filter((mail) => mail.to === member.email).map((mail) => mail.subject);
    const mailsBefore = mailsTo().length;
    const url = `/api/admin/companies/${companyId}/msteams`;
    const removed = await platformAdmin.as({ method: "DELETE", url });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: msteamsMessages.removed });
    expect((await platformAdmin.as({ url })).json().connection).toBeNull();
    await tick("2026-12-01T09:30:00-03:00"); // a Tuesday
    expect(cardsTo(member.who.conversationId)).toHaveLength(1); // the link card only
    expect(mailsTo().slice(mailsBefore)).toEqual(["Seu lembrete de check-in no Sereno"]);
    const again = await platformAdmin.as({ method: "DELETE", url });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(msteamsMessages.alreadyRemoved);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(sql`action = 'msteams.remove' AND company_id = ${companyId}`);
    expect(entries).toHaveLength(1);
  });
});
