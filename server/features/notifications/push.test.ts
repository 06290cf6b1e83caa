import { statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { pushSubscriptions } from "#server/db/schema/index.ts";
import { deleteAccount } from "#server/features/privacy-rights/delete-account.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { startPushEndpoint } from "#tests/api/push-endpoint.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { isAcceptedEndpoint } from "./push.routes.ts";
import { reminderPush } from "./reminders.ts";
import { loadVapidKeys } from "./web-push.ts";

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
let companyId: string;
const clock = testClock("2026-11-23T08:00:00-03:00"); // a Monday in São Paulo
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  push = await startPushEndpoint();
  companyId = (await companyWithManager(t.app, t.db)).company.id;
});
afterAll(async () => {
  await push?.close();
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedInPerson>>;

async function member(preferences?: Record<string, unknown>): Promise<Person> {
  const person = await signedInPerson(t.app, t.db, { companyId });
  if (preferences) {
    const response = await person.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: preferences },
    });
    expect(response.statusCode).toBe(200);
  }
  return person;
}

async function subscribe(person: Person) {
  const browser = push.subscribe();
  const response = await person.as({ method: "POST", url: "/api/push/subscriptions", payload: browser.json });
  expect(response.statusCode).toBe(201);
  expect(response.json()).toEqual({ subscribed: true, message: serverMessages.pushSubscribed });
  return browser;
}

async function tick(at: string) {
  clock.set(at);
  await scheduleDailyJobs(t.db, t.app.deps.jobs, clock.now());
  return runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
}

const pushesTo = (id: string) => push.received.filter((message) => message.subscriptionId === id);
const rowsOf = (userId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe("VAPID keys", () => {
  it("are made once in DATA_DIR, private to the process owner, and served as an uncompressed P-256 point", async () => {
    const file = path.join(t.dataDir, "vapid-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadVapidKeys({ DATA_DIR: t.dataDir, MAIL_FROM: "Sereno <ola@sereno.app>" });
    expect(again.publicKey).toBe(t.app.deps.vapid.publicKey);
    expect(again.subject).toBe("mailto:ola@sereno.app");
    const response = await t.app.inject({ url: "/api/push/key" });
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(response.json().publicKey, "base64url");
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});

describe("subscriptions", () => {
  it("asks for a session, refuses a malformed subscription in pt-BR, and keeps one row per browser", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { origin: "http://localhost:3000" },
      payload: push.subscribe().json,
    });
    expect(anonymous.statusCode).toBe(401);
    const person = await member();
    const browser = push.subscribe().json;
    for (const payload of [
      { ...browser, endpoint: "não é url" },
      { ...browser, keys: { ...browser.keys, p256dh: "curta" } },
      { ...browser, keys: { ...browser.keys, auth: "" } },
    ]) {
      const response = await person.as({ method: "POST", url: "/api/push/subscriptions", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(settingsMessages.pushSubscriptionInvalid);
    }
    expect(await rowsOf(person.userId)).toHaveLength(0);
    // The same browser twice is one row; a second person on that browser takes it over.
    await person.as({ method: "POST", url: "/api/push/subscriptions", payload: browser });
    await person.as({ method: "POST", url: "/api/push/subscriptions", payload: browser });
    expect(await rowsOf(person.userId)).toHaveLength(1);
    const other = await member();
    await other.as({ method: "POST", url: "/api/push/subscriptions", payload: browser });
    expect(await rowsOf(person.userId)).toHaveLength(0);
    expect(await rowsOf(other.userId)).toHaveLength(1);
  });

  it("keeps one row when the same browser subscribes ten times at once", async () => {
    const person = await member();
    const browser = push.subscribe().json;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => person.as({ method: "POST", url: "/api/push/subscriptions", payload: browser })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    expect(await rowsOf(person.userId)).toHaveLength(1);
  });

  it("lets a person remove only their own browser", async () => {
    const owner = await member();
    const browser = await subscribe(owner);
    const stranger = await member();
    const attempt = await stranger.as({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: browser.json.endpoint },
    });
    expect(attempt.statusCode).toBe(200);
    expect(await rowsOf(owner.userId)).toHaveLength(1);
    const removed = await owner.as({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: browser.json.endpoint },
    });
    expect(removed.json()).toEqual({ subscribed: false, message: serverMessages.pushUnsubscribed });
    expect(await rowsOf(owner.userId)).toHaveLength(0);
  });

  it("accepts only https push services on public hosts in production", () => {
    expect(isAcceptedEndpoint("https://fcm.googleapis.com/fcm/send/abc", false)).toBe(true);
    expect(isAcceptedEndpoint("https://updates.push.services.mozilla.com/wpush/v2/x", false)).toBe(true);
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1:8443/push",
      "https://localhost/push",
      "https://10.0.0.5/push",
      "https://192.168.1.20/push",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/push",
      "https://[fd00::1]/push",
    ]) {
      expect(isAcceptedEndpoint(endpoint, false), endpoint).toBe(false);
    }
  });

  it("appear in the export only as 'a browser is subscribed', and go with the account", async () => {
    const person = await member();
    const browser = await subscribe(person);
    const exported = await person.as({ url: "/api/me/export.json" });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(browser.json.endpoint);
    expect(exported.body).not.toContain(browser.json.keys.p256dh);
    expect(exported.body).toContain('"notificacoesPush":[{"navegadorInscritoEm":"');
    const html = await person.as({ url: "/api/me/export.html" });
    expect(html.body).toContain("Navegadores inscritos nas notificações push");
    expect(html.body).not.toContain(browser.json.endpoint);
    await deleteAccount(t.db, person.userId);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.json.endpoint)),
    ).toEqual([]);
  });
});

describe("reminders by Web Push", () => {
  it("delivers the reminder, encrypted and signed by the standard protocol, to a person who chose push only", async () => {
    const person = await member({ email: false });
    const browser = await subscribe(person);
    const mailsBefore = t.mails.filter((mail) => mail.to === person.email).length;
    await tick("2026-11-23T09:29:00-03:00");
    expect(pushesTo(browser.id)).toHaveLength(0);
    for (const at of ["09:30", "09:31", "10:00"]) await tick(`2026-11-23T${at}:00-03:00`);
    expect(push.errors).toEqual([]);
    const received = pushesTo(browser.id);
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.payload).toEqual(reminderPush);
    expect(JSON.stringify(message?.payload)).not.toMatch(/humor|Muito Baixo|Ótimo/);
    expect(message?.vapidPublicKey).toBe(t.app.deps.vapid.publicKey);
    expect(message?.claims.aud).toBe(push.origin);
    expect(message?.claims.sub).toBe(t.app.deps.vapid.subject);
    expect(message?.claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(message?.headers.ttl).toBe(String(4 * 60 * 60));
    expect(t.mails.filter((mail) => mail.to === person.email)).toHaveLength(mailsBefore);
  });

  it("sends ONE reminder a day with e-mail and push on: the notification, and neither after a check-in", async () => {
    const both = await member();
    const browser = await subscribe(both);
    const checkedIn = await member();
    const checkedInBrowser = await subscribe(checkedIn);
    clock.set("2026-11-24T09:00:00-03:00");
    await checkedIn.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } });
    await tick("2026-11-24T09:30:00-03:00");
    await tick("2026-11-24T09:31:00-03:00");
    // One channel per person and day (docs/decisions/096): the app notification, no e-mail beside it.
    expect(pushesTo(browser.id)).toHaveLength(1);
    expect(t.mails.filter((mail) => mail.to === both.email)).toHaveLength(0);
    expect(pushesTo(checkedInBrowser.id)).toHaveLength(0);
  });

  it("falls back to the e-mail when no browser takes the notification, still once", async () => {
    const person = await member();
    const gone = await subscribe(person);
    push.unsubscribeBrowser(gone.id);
    for (const at of ["09:30", "09:31", "09:45"]) await tick(`2026-11-24T${at}:00-03:00`);
    expect(pushesTo(gone.id)).toHaveLength(0);
    expect(t.mails.filter((mail) => mail.to === person.email)).toHaveLength(1);
  });

  it("honours the push switch: off means no push, even with a subscribed browser", async () => {
    const person = await member({ push: false, email: false });
    const browser = await subscribe(person);
    for (const at of ["09:30", "09:31"]) await tick(`2026-11-25T${at}:00-03:00`);
    expect(pushesTo(browser.id)).toHaveLength(0);
  });

  it("forgets a browser the push service says is gone (410)", async () => {
    const person = await member({ email: false });
    const kept = await subscribe(person);
    const gone = await subscribe(person);
    push.unsubscribeBrowser(gone.id);
    for (const at of ["09:30", "09:31"]) await tick(`2026-11-26T${at}:00-03:00`);
    expect(pushesTo(kept.id)).toHaveLength(1);
    const rows = await rowsOf(person.userId);
    expect(rows.map((row) => row.endpoint)).toEqual([kept.json.endpoint]);
  });
});
