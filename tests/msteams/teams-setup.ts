/**
 * What the Teams API tests share (docs/decisions/095): a test app pointed at the Bot Framework stand-in,
 * the company's bot connected by the platform admin, and a member bound to a personal chat.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { signedInPerson } from "#tests/api/sessions.ts";
import type { TestApp } from "#tests/api/test-app.ts";
import { cardOf, type FakeBotFramework, personalActivity } from "./fake-bot-framework.ts";

export const APP_ID = "0f6b0c2e-3a1d-4c55-9a77-5e2b8c1d9f01";
export const TENANT_ID = "7d3a9b10-2c4e-4f8a-b6d1-0e9f3c2a1b55";
export const CLIENT_SECRET = "segredo-do-bot~teste";

export const standInEnv = (stand: FakeBotFramework) => ({
  MSTEAMS_OPENID_URL: `${stand.url}/v1/.well-known/openidconfiguration`,
  MSTEAMS_LOGIN_URL: stand.url,
  MSTEAMS_SERVICE_URL: stand.serviceUrl,
});

type Person = Awaited<ReturnType<typeof signedInPerson>>;

export type TeamsUser = { teamsUserId: string; aadObjectId: string; tenantId: string; conversationId: string };

export function teamsUser(): TeamsUser {
  return {
    teamsUserId: `29:${randomUUID()}`,
    aadObjectId: randomUUID(),
    tenantId: TENANT_ID,
    conversationId: `a:${randomUUID()}`,
  };
}

export async function connectBot(admin: Person, companyId: string) {
  const response = await admin.as({
    method: "PUT",
    url: `/api/admin/companies/${companyId}/msteams`,
    payload: { appId: APP_ID, tenantId: TENANT_ID, clientSecret: CLIENT_SECRET },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

/** Posts an activity to the bot as Teams would, with a valid token unless `authorization` says otherwise. */
export async function deliver(
  t: TestApp,
  stand: FakeBotFramework,
  companyId: string,
  who: TeamsUser,
  activity: Record<string, unknown>,
  authorization?: string,
) {
  return t.app.inject({
    method: "POST",
    url: `/api/msteams/messages/${companyId}`,
    headers: { authorization: authorization ?? `Bearer ${await stand.sign(APP_ID, { now: t.app.deps.now() })}` },
    payload: personalActivity(stand, who, activity),
  });
}

/** The link code in the last link card sent to `who`'s chat. */
export function linkCodeIn(stand: FakeBotFramework, who: TeamsUser): string | undefined {
  const sent = stand.sent.filter((activity) => activity.conversationId === who.conversationId);
  const actions = cardOf(sent.at(-1))?.actions as Array<{ url?: string }> | undefined;
  const url = actions?.[0]?.url;
  return url ? (new URL(url).searchParams.get("codigo") ?? undefined) : undefined;
}

/** A member of `companyId` who wrote to the bot, opened the link card, signed in and bound the chat. */
export async function boundMember(t: TestApp, stand: FakeBotFramework, companyId: string, optIn = true) {
  const person = await signedInPerson(t.app, t.db, { companyId });
  const who = teamsUser();
  expect((await deliver(t, stand, companyId, who, { type: "message", text: "oi" })).statusCode).toBe(200);
  const code = linkCodeIn(stand, who);
  const linked = await person.as({ method: "POST", url: "/api/me/msteams/link", payload: { code } });
  expect(linked.statusCode).toBe(200);
  if (optIn) {
    const opted = await person.as({ method: "PUT", url: "/api/me/msteams", payload: { optedIn: true } });
    expect(opted.statusCode).toBe(200);
  }
  return { ...person, who };
}

/** The one-time token the reminder card's buttons carry. */
export function cardTokenOf(activity: Parameters<typeof cardOf>[0]): string {
  const actions = (cardOf(activity)?.actions ?? []) as Array<{ data?: { token?: string } }>;
  return actions[0]?.data?.token ?? "";
}
