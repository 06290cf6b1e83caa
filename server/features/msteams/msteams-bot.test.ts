import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moodLabels } from "#core/mood.ts";
import { msteamsTexts } from "#core/msteams.ts";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { msteamsAccounts, msteamsLinkCodes, profiles, userProgress } from "#server/db/schema/index.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { cardOf, type FakeBotFramework, startFakeBotFramework } from "#tests/msteams/fake-bot-framework.ts";
import {
  APP_ID,
  boundMember,
  cardTokenOf,
  connectBot,
  deliver,
  linkCodeIn,
  standInEnv,
  teamsUser,
} from "#tests/msteams/teams-setup.ts";

let t: TestApp;
let stand: FakeBotFramework;
let companyId: string;
const clock = testClock("2026-11-23T08:00:00-03:00"); // a Monday in São Paulo

beforeAll(async () => {
  stand = await startFakeBotFramework();
  t = await createTestApp({ now: clock.now, env: standInEnv(stand) });
  companyId = (await companyWithManager(t.app, t.db)).company.id;
  await connectBot(await signedInPerson(t.app, t.db, { role: "admin", companyId: null }), companyId);
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

const sentTo = (conversationId: string) => stand.sent.filter((activity) => activity.conversationId === conversationId);
const checkInsOf = (userId: string) =>
  t.db
    .select()
    .from(userProgress)
    .where(and(eq(userProgress.userId, userId), sql`${userProgress.exerciseId} IS NULL`));

/** Every word that would say how someone feels: the scale's labels. */
const moodWords = Object.values(moodLabels);
/** What the bot wrote, without the five options of the reminder card, which are the same for everyone. */
const writtenText = (activities: typeof stand.sent) =>
  JSON.stringify(
    activities.map((activity) => {
      const card = cardOf(activity);
      return {
        ...card,
        actions: (card?.actions as Array<{ type: string }> | undefined)?.filter((a) => a.type !== "Action.Submit"),
      };
    }),
  );

describe("the bot's endpoint", () => {
  it("refuses an activity without a valid Bot Framework token (401) and changes nothing", async () => {
    const who = teamsUser();
    const activity = { type: "message", text: "oi" };
    const sentBefore = stand.sent.length;
    const codesBefore = (await t.db.select().from(msteamsLinkCodes)).length;
    const bad = [
      undefined,
      "Bearer nada",
      `Bearer ${await stand.sign(APP_ID, { now: clock.now(), foreignKey: true })}`,
      `Bearer ${await stand.sign("11111111-2222-4333-8444-555555555555", { now: clock.now() })}`,
      `Bearer ${await stand.sign(APP_ID, { now: clock.now(), issuer: "https://sts.windows.net/outro/" })}`,
      `Bearer ${await stand.sign(APP_ID, { now: clock.now(), serviceUrl: "https://outro.example/teams/" })}`,
      `Bearer ${await stand.sign(APP_ID, { now: new Date(clock.now().getTime() - 3 * 3600_000) })}`,
    ];
    for (const authorization of bad) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/msteams/messages/${companyId}`,
        headers: authorization ? { authorization } : {},
        payload: {
          type: "message",
          text: "oi",
          serviceUrl: stand.serviceUrl,
          conversation: { id: who.conversationId, conversationType: "personal" },
          from: { id: who.teamsUserId },
        },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
    // A company without a bot has nothing to check a token against.
    const other = (await companyWithManager(t.app, t.db)).company.id;
    expect((await deliver(t, stand, other, who, activity)).statusCode).toBe(401);
    expect(stand.sent.length).toBe(sentBefore);
    expect((await t.db.select().from(msteamsLinkCodes)).length).toBe(codesBefore);
  });

  it("answers an unbound chat with a link card; the code binds the chat to whoever signs in, once", async () => {
    const person = await signedInPerson(t.app, t.db, { companyId });
    const who = teamsUser();
    expect((await deliver(t, stand, companyId, who, { type: "message", text: "estou mal hoje" })).statusCode).toBe(200);
    const [linkActivity] = sentTo(who.conversationId);
    const linkCard = JSON.stringify(cardOf(linkActivity));
    expect(linkCard).toContain(msteamsTexts.linkButton);
    expect(linkCard).toContain("/settings/teams?codigo=");
    // What the person wrote is never echoed nor kept.
    expect(JSON.stringify(stand.sent)).not.toContain("estou mal");
    const code = linkCodeIn(stand, who);
    expect((await person.as({ url: "/api/me/msteams" })).json()).toEqual({
      available: true,
      linked: false,
      optedIn: false,
    });
    // Opting in before binding is refused.
    expect((await person.as({ method: "PUT", url: "/api/me/msteams", payload: { optedIn: true } })).statusCode).toBe(
      409,
    );
    const linked = await person.as({ method: "POST", url: "/api/me/msteams/link", payload: { code } });
    expect(linked.statusCode).toBe(200);
    expect((await person.as({ url: "/api/me/msteams" })).json()).toEqual({
      available: true,
      linked: true,
      optedIn: false,
    });
    const again = await signedInPerson(t.app, t.db, { companyId });
    const reused = await again.as({ method: "POST", url: "/api/me/msteams/link", payload: { code } });
    expect(reused.statusCode).toBe(400);
    const [account] = await t.db.select().from(msteamsAccounts).where(eq(msteamsAccounts.userId, person.userId));
    expect(account).toMatchObject({ teamsUserId: who.teamsUserId, conversationId: who.conversationId, optedIn: false });
  });

  it("refuses a forwarded link: a chat whose Entra id is not the one the company's Entra sign-in named", async () => {
    // Teams may write the object id in capitals; SSO's is kept in lower case.
    const owner = { ...teamsUser(), aadObjectId: randomUUID().toUpperCase() };
    const colleague = await signedInPerson(t.app, t.db, { companyId });
    // The colleague last signed in through the company's Entra SSO, which named their own object id.
    await t.db.update(profiles).set({ entraObjectId: randomUUID() }).where(eq(profiles.userId, colleague.userId));
    await deliver(t, stand, companyId, owner, { type: "message", text: "oi" });
    const code = linkCodeIn(stand, owner) ?? "";
    expect(code).not.toBe("");
    for (const request of [
      { url: `/api/me/msteams/link?code=${encodeURIComponent(code)}` },
      { method: "POST" as const, url: "/api/me/msteams/link", payload: { code } },
    ]) {
      const refused = await colleague.as(request);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(msteamsMessages.linkOtherPerson);
    }
    expect(await t.db.select().from(msteamsAccounts).where(eq(msteamsAccounts.userId, colleague.userId))).toEqual([]);
    // The code is not spent: the chat's own person, whose Entra id it is, binds it.
    const own = await signedInPerson(t.app, t.db, { companyId });
    await t.db
      .update(profiles)
      .set({ entraObjectId: owner.aadObjectId.toLowerCase() })
      .where(eq(profiles.userId, own.userId));
    const linked = await own.as({ method: "POST", url: "/api/me/msteams/link", payload: { code } });
    expect(linked.statusCode, linked.body).toBe(200);
  });

  it("refuses a link code to a member of another company", async () => {
    const who = teamsUser();
    await deliver(t, stand, companyId, who, { type: "message", text: "oi" });
    const stranger = await signedInPerson(t.app, t.db, {});
    const response = await stranger.as({
      method: "POST",
      url: "/api/me/msteams/link",
      payload: { code: linkCodeIn(stand, who) },
    });
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(msteamsAccounts).where(eq(msteamsAccounts.userId, stranger.userId))).toEqual([]);
  });
});

describe("the reminder card", () => {
  it("records the check-in from the card's answer, replaces the card, and never writes the mood", async () => {
    const member = await boundMember(t, stand, companyId);
    const mailsBefore = t.mails.filter((mail) => mail.to === member.email).length;
    await tick("2026-11-24T09:30:00-03:00");
    await tick("2026-11-24T09:31:00-03:00");
    const cards = sentTo(member.who.conversationId).filter((activity) => activity.method === "POST");
    const reminder = cards.at(-1);
    const card = cardOf(reminder) as {
      body: unknown[];
      actions: Array<{ type: string; data: Record<string, unknown> }>;
    };
    expect(JSON.stringify(card.body)).toContain(msteamsTexts.reminderTitle);
    expect(card.actions.map((action) => action.data.mood)).toEqual([1, 2, 3, 4, 5]);
    for (const action of card.actions) {
      expect(action.type).toBe("Action.Submit");
      expect(Object.keys(action.data).sort()).toEqual(["mood", "token"]);
    }
    // One reminder a day across channels: no e-mail beside the card.
    expect(t.mails.filter((mail) => mail.to === member.email)).toHaveLength(mailsBefore);

    const token = card.actions[1]?.data.token;
    const answer = { type: "message", replyToId: reminder?.activityId, value: { mood: 2, token } };
    expect((await deliver(t, stand, companyId, member.who, answer)).statusCode).toBe(200);
    const [checkIn] = await checkInsOf(member.userId);
    expect(checkIn).toMatchObject({ mood: 2, day: "2026-11-24", companyId });
    expect(checkIn?.xpEarned).toBeGreaterThanOrEqual(50);
    const replaced = sentTo(member.who.conversationId).filter((activity) => activity.method === "PUT");
    expect(replaced).toHaveLength(1);
    expect(replaced[0]?.activityId).toBe(reminder?.activityId);
    expect(JSON.stringify(cardOf(replaced[0]))).toContain(msteamsTexts.doneTitle);
    expect(JSON.stringify(cardOf(replaced[0]))).not.toMatch(/mood|"2"|\b2\b/);

    // A second tap (or another button of the same card) records nothing more.
    const second = { type: "message", replyToId: reminder?.activityId, value: { mood: 5, token } };
    expect((await deliver(t, stand, companyId, member.who, second)).statusCode).toBe(200);
    expect(await checkInsOf(member.userId)).toHaveLength(1);

    const written = writtenText(sentTo(member.who.conversationId));
    for (const word of moodWords) expect(written).not.toContain(word);
  });

  it("takes an Action.Execute invoke too, answering the neutral card in the invoke response", async () => {
    const member = await boundMember(t, stand, companyId);
    await tick("2026-11-25T09:30:00-03:00");
    await tick("2026-11-25T09:31:00-03:00");
    const reminder = sentTo(member.who.conversationId)
      .filter((activity) => activity.method === "POST")
      .at(-1);
    const token = cardTokenOf(reminder);
    const invoke = {
      type: "invoke",
      name: "adaptiveCard/action",
      replyToId: reminder?.activityId,
      value: { action: { type: "Action.Execute", data: { mood: 4, token } } },
    };
    const response = await deliver(t, stand, companyId, member.who, invoke);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statusCode: 200, type: "application/vnd.microsoft.card.adaptive" });
    expect(response.body).toContain(msteamsTexts.doneTitle);
    expect(response.body).not.toContain(moodLabels[4]);
    expect((await checkInsOf(member.userId)).map((row) => row.mood)).toEqual([4]);
  });

  it("ignores a token of someone else's card: nothing recorded, nothing replaced", async () => {
    const owner = await boundMember(t, stand, companyId);
    const other = await boundMember(t, stand, companyId);
    await tick("2026-11-26T09:30:00-03:00");
    await tick("2026-11-26T09:31:00-03:00");
    const reminder = sentTo(owner.who.conversationId)
      .filter((activity) => activity.method === "POST")
      .at(-1);
    const token = cardTokenOf(reminder);
    const putsBefore = stand.sent.filter((activity) => activity.method === "PUT").length;
    await deliver(t, stand, companyId, other.who, { type: "message", value: { mood: 1, token } });
    expect(await checkInsOf(other.userId)).toEqual([]);
    expect(await checkInsOf(owner.userId)).toEqual([]);
    expect(stand.sent.filter((activity) => activity.method === "PUT").length).toBe(putsBefore);
  });
});
