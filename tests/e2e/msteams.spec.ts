/**
 * The check-in reminder in Microsoft Teams (issue 50 item 3, docs/decisions/095) in a browser, against the local
 * stand-in for the Bot Framework (tests/msteams/fake-bot-framework.ts, started by support/server.ts): the admin
 * connects the company's bot and downloads the app package; the member binds their Teams chat by signing in
 * from the link card and opts in; the reminder card goes out, the stand-in posts its answer, the check-in is in
 * the member's history, and nothing the bot wrote holds a mood. A colleague's forwarded link card is refused.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { moodLabels } from "#core/mood.ts";
import { msteamsTexts } from "#core/msteams.ts";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { localClock } from "#core/reminders.ts";
import { cardOf, personalActivity, type SentActivity } from "#tests/msteams/fake-bot-framework.ts";
import { E2E_PORT } from "../../playwright.config.ts";
import { botFrameworkPort, people, TEAMS_COMPANY, TEAMS_MEMBER_OBJECT_ID, teamsMember } from "./support/fixtures.ts";
import { openCompany, signInAs } from "./support/helpers.ts";

const STAND_IN = `http://127.0.0.1:${botFrameworkPort(E2E_PORT)}`;
const APP_ID = "3c9e7d21-5b8a-4f60-9d1e-2a7b6c5d4e3f";
const TENANT_ID = "8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const SHOTS = "/work/shots";
const who = {
  teamsUserId: `29:${randomUUID()}`,
  aadObjectId: TEAMS_MEMBER_OBJECT_ID,
  tenantId: TENANT_ID,
  conversationId: `a:${randomUUID()}`,
};
/** A colleague's own Teams chat, who forwards his link card to the member. */
const colleague = {
  teamsUserId: `29:${randomUUID()}`,
  aadObjectId: randomUUID(),
  tenantId: TENANT_ID,
  conversationId: `a:${randomUUID()}`,
  name: "Caio Colega",
};

const hhmm = (minute: number) =>
  `${String(Math.floor((minute % 1440) / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

async function sent(chat: { conversationId: string } = who): Promise<SentActivity[]> {
  const all = (await (await fetch(`${STAND_IN}/_sent`)).json()) as SentActivity[];
  return all.filter((activity) => activity.conversationId === chat.conversationId);
}

async function waitFor(
  match: (activity: SentActivity) => boolean,
  timeout = 150_000,
  chat: { conversationId: string } = who,
): Promise<SentActivity> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await sent(chat)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error("no such activity from the bot");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Where a link card's button leads. */
function linkUrlOf(activity: SentActivity): URL {
  const actions = (cardOf(activity)?.actions ?? []) as Array<{ url: string }>;
  return new URL(actions[0]?.url ?? "about:blank");
}

/** Teams posting an activity of a personal chat (the member's unless told) to the bot, signed by the stand-in. */
async function deliver(endpoint: string, activity: Record<string, unknown>, chat = { ...who, name: teamsMember.name }) {
  const response = await fetch(`${STAND_IN}/_deliver`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      endpoint,
      appId: APP_ID,
      activity: personalActivity({ serviceUrl: `${STAND_IN}/teams/` }, chat, {
        ...activity,
        from: { id: chat.teamsUserId, aadObjectId: chat.aadObjectId, name: chat.name },
      }),
    }),
  });
  return (await response.json()) as { status: number; body: string };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `${SHOTS}/a-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a member binds Teams, opts in, answers the reminder card, and no mood is written in the chat", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  // The admin connects the company's bot and downloads the app package for IT.
  await signInAs(page, people.admin, "/admin");
  const card = await openCompany(page, TEAMS_COMPANY.name);
  const section = card.getByRole("region", { name: `Lembretes pelo Teams da ${TEAMS_COMPANY.name}` });
  await section.getByRole("button", { name: "Lembretes pelo Teams" }).click();
  await section.getByLabel("ID do aplicativo (Microsoft App ID)").fill("sereno-bot");
  await section.getByLabel("ID do locatário (tenant)").fill(TENANT_ID);
  await section.getByLabel("Segredo do cliente").fill("segredo-e2e");
  await section.getByRole("button", { name: "Conectar Teams" }).click();
  await expect(section.getByText(msteamsMessages.appIdInvalid)).toBeVisible();
  await section.getByLabel("ID do aplicativo (Microsoft App ID)").fill(APP_ID);
  await section.getByRole("button", { name: "Conectar Teams" }).click();
  await expect(page.getByText("Teams conectado.")).toBeVisible();
  const endpoint = await section.getByRole("textbox", { name: "Endereço de mensagens do bot (Azure)" }).inputValue();
  expect(endpoint).toMatch(/\/api\/msteams\/messages\/[0-9a-f-]{36}$/);
  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: "Baixar pacote do app (.zip)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("sereno-teams.zip");
  const files = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
  expect(Object.keys(files).sort()).toEqual(["color.png", "manifest.json", "outline.png"]);
  const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"]));
  expect(manifest.bots[0]).toMatchObject({ botId: APP_ID, scopes: ["personal"] });
  await section.scrollIntoViewIfNeeded();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await section.screenshot({ path: `${SHOTS}/a-admin-teams-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // A stranger's token is refused; Teams' own activity gets the link card.
  const unsigned = await fetch(endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(unsigned.status).toBe(401);
  expect((await deliver(endpoint, { type: "message", text: "oi" })).status).toBe(200);
  const linkActivity = await waitFor((activity) => JSON.stringify(activity.body).includes(msteamsTexts.linkButton));
  const linkUrl = linkUrlOf(linkActivity);

  // A colleague forwards his own link card; the member opens it and is refused, since the company's Entra sign-in
  // named her object id, not his. Nothing is bound, and she is told to ask her own Teams (docs/decisions/109).
  expect((await deliver(endpoint, { type: "message", text: "oi" }, colleague)).status).toBe(200);
  const forwarded = await waitFor(
    (activity) => JSON.stringify(activity.body).includes(msteamsTexts.linkButton),
    30_000,
    colleague,
  );
  const forwardedUrl = linkUrlOf(forwarded);
  const member = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const memberPage = await member.newPage();
  await signInAs(memberPage, teamsMember, `${forwardedUrl.pathname}${forwardedUrl.search}`);
  await expect(memberPage.getByRole("heading", { name: "Vincular sua conta do Teams" })).toBeVisible();
  await expect(memberPage.getByText(msteamsMessages.linkOtherPerson)).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Vincular minha conta" })).toHaveCount(0);
  await expect(memberPage.getByRole("link", { name: "Voltar às Configurações" })).toBeVisible();
  await shoot(memberPage, "teams-link-forwarded");

  // Her own link: she sees whose Teams it is and binds it.
  await memberPage.goto(`${linkUrl.pathname}${linkUrl.search}`);
  await expect(memberPage.getByRole("heading", { name: "Vincular sua conta do Teams" })).toBeVisible();
  await expect(memberPage.getByText(new RegExp(`Teams de ${teamsMember.name}`))).toBeVisible();
  await shoot(memberPage, "teams-link");
  await memberPage.getByRole("button", { name: "Vincular minha conta" }).click();
  await expect(memberPage.getByRole("heading", { name: msteamsMessages.linked })).toBeVisible();
  await memberPage.getByRole("link", { name: "Ir para as Configurações" }).click();
  const teamsSwitch = memberPage.getByRole("switch", { name: "Microsoft Teams" });
  await expect(teamsSwitch).not.toBeChecked();
  await teamsSwitch.click();
  await expect(memberPage.getByText(msteamsMessages.optedIn)).toBeVisible();
  await expect(teamsSwitch).toBeChecked();

  // A reminder at this minute, today chosen, the quiet hours away from now.
  const form = memberPage.getByRole("form", { name: "Horário do lembrete" });
  const now = localClock(new Date(), "America/Sao_Paulo");
  await form.getByLabel("Horário", { exact: true }).fill(hhmm(now.minute));
  const weekdays = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
  const today = form.getByRole("button", { name: weekdays[now.weekday], exact: true });
  if ((await today.getAttribute("aria-pressed")) !== "true") await today.click();
  await form.getByLabel("Silêncio a partir de").fill(hhmm(now.minute + 180));
  await form.getByLabel("até", { exact: true }).fill(hhmm(now.minute + 240));
  await form.getByRole("button", { name: "Salvar horários" }).click();
  await expect(form.getByRole("status")).toBeVisible();
  await memberPage.getByRole("switch", { name: "Microsoft Teams" }).scrollIntoViewIfNeeded();
  await shoot(memberPage, "settings-teams");

  const reminder = await waitFor((activity) => JSON.stringify(activity.body).includes("Action.Submit"));
  const actions = (cardOf(reminder)?.actions ?? []) as Array<{ data: { mood: number; token: string } }>;
  const good = actions.find((action) => action.data.mood === 4);
  const answered = await deliver(endpoint, { type: "message", replyToId: reminder.activityId, value: good?.data });
  expect(answered.status).toBe(200);
  const replaced = await waitFor((activity) => activity.method === "PUT", 30_000);
  expect(replaced.activityId).toBe(reminder.activityId);
  expect(JSON.stringify(cardOf(replaced))).toContain(msteamsTexts.doneTitle);

  // In the member's history, and nowhere in the chat.
  const history = await memberPage.request.get(`/api/check-ins/today`);
  expect(((await history.json()) as { checkIn: { mood: number } | null }).checkIn?.mood).toBe(4);
  await memberPage.goto("/check-ins");
  await shoot(memberPage, "checkin-from-teams");
  const written = JSON.stringify(
    (await sent()).map((activity) => {
      const content = cardOf(activity);
      const kept = (content?.actions as Array<{ type: string }> | undefined)?.filter((a) => a.type !== "Action.Submit");
      return { ...activity.body, attachments: [{ ...content, actions: kept }] };
    }),
  );
  for (const word of Object.values(moodLabels)) expect(written).not.toContain(word);
  await member.close();
});

test("a manager reads the reminders' reach with a Teams row on /reports, in aggregate only", async ({ page }) => {
  await signInAs(page, people.manager, "/reports");
  const card = page.getByRole("region", { name: "Lembretes por canal", exact: true });
  await expect(card.getByRole("rowheader", { name: "Microsoft Teams" })).toBeVisible();
  await expect(card).not.toContainText("@");
  await expect(card).not.toContainText("29:");
  await card.scrollIntoViewIfNeeded();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await card.screenshot({ path: `${SHOTS}/a-reports-reach-${width}.png` });
  }
});
