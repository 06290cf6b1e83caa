/** Shared steps of the browser journeys. */
import { readFileSync } from "node:fs";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { localDay } from "#core/dates.ts";
import type { ReportPeriod } from "#core/report-periods.ts";
import { homeFor } from "#web/lib/navigation.ts";
import { E2E_PORT, MAIL_API_PORT } from "../../../playwright.config.ts";
import type { FixturePerson } from "./fixtures.ts";

/** A platform authenticator with resident keys and user verification, as a phone's (Chromium's virtual one). */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A recovery code as the reveal shows it (docs/decisions/055): five groups of four, 'ABCD-EFGH-…'. */
export const SHOWN_RECOVERY_CODE = /^[0-9A-Z]{4}(?:-[0-9A-Z]{4}){4}$/;

/** Signs in through the login form, as a person does: tests/e2e/login.spec.ts walks it, with and without `next`. */
export async function signInThroughForm(page: Page, person: FixturePerson, next?: string) {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : "/login");
  await page.getByLabel("E-mail", { exact: true }).fill(person.email);
  await page.getByLabel("Senha", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(next ?? homeFor(person.role));
}

/**
 * Signs in with the request the login form sends (its cookie lands in the page's context), then opens `next` or
 * the person's home: a journey that is not about signing in skips the login page's load (docs/decisions/105).
 */
export async function signInAs(page: Page, person: FixturePerson, next?: string) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password, rememberMe: true },
  });
  expect(response.ok(), `sign-in of ${person.email}: ${response.status()}`).toBe(true);
  await page.goto(next ?? homeFor(person.role));
  await expect(page).toHaveURL(next ?? homeFor(person.role));
}

/** Clicks a side-menu entry, opening its group first when it sits in one (web/lib/role-menus.ts). */
export async function clickMenuEntry(page: Page, label: string, group?: string) {
  const menu = page.getByRole("navigation", { name: "Menu lateral" });
  if (group) {
    const toggle = menu.getByRole("button", { name: group, exact: true });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
  await menu.getByRole("link", { name: label, exact: true }).click();
}

/** The São Paulo day server.ts seeded the fixtures on: their 'yesterday' is the day before it, whenever the journey runs. */
export function seededDay(): string {
  return readFileSync(`.e2e-data/${E2E_PORT}/seeded-on`, "utf8").trim();
}

/**
 * For journeys whose fixtures only hold on the day they were seeded (a run of check-ins up to
 * yesterday, a report's closed days): when the run passed midnight in São Paulo, the product
 * rightly sees a different day, so the journey is skipped with the reason rather than failed.
 */
export function skipIfTheDayTurned() {
  const today = localDay(new Date(), "America/Sao_Paulo");
  test.skip(
    today !== seededDay(),
    `O dia virou em São Paulo durante a execução (semeado em ${seededDay()}, hoje ${today}).`,
  );
}

/**
 * For a manager's figures read right after midnight in São Paulo: the day that has just closed is published by a job
 * the first read wakes (docs/decisions/041), and until it has run the dashboard's mood tile says 'Em preparação' and a
 * report moves when it lands. Waits until none of the company's closed days is being prepared, then reloads the page.
 * The job publishes newest first, so the dashboard's 7 days are ready before a 30-day report's first day: it asks the
 * longest periods, which cover the seeded history (a faster journey once read a 30-day table one day short).
 */
export async function afterClosedDaysPublished(page: Page) {
  const preparingIn = async (period: ReportPeriod) =>
    ((await (await page.request.get(`/api/reports?period=${period}`)).json()) as { preparingDays: number })
      .preparingDays;
  const preparing = async () => (await preparingIn("90d")) + (await preparingIn("ytd"));
  await expect.poll(preparing, { timeout: 60_000 }).toBe(0);
  await page.reload();
}

/** '12 de novembro': how the check-in calendar names a day. */
export function spokenDay(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("pt-BR", { day: "numeric", month: "long", timeZone: "UTC" });
}

export type SentMail = { to: string[]; raw: string };

/** Polls the SMTP peer until a mail to `to` arrives (the newest one). */
export async function waitForMail(to: string, after = 0): Promise<SentMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/mails?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as SentMail[];
    if (mails.length > after) return mails[mails.length - 1] as SentMail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function countMails(to: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/mails?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as SentMail[]).length;
}

export { linkIn } from "../../api/smtp-sink.ts";

/**
 * Switches the theme the way the app applies it (the class on <html>, web/lib/theme.ts) and waits until the
 * colours have landed: elements ease between themes (transition-colors), and a contrast measured or a screenshot
 * taken half-way, with the new text on the old background, is wrong. `getAnimations()` brings the styles up to date
 * first, so a transition the switch starts is seen.
 */
export async function applyTheme(page: Page, dark: boolean) {
  await page.evaluate((isDark) => document.documentElement.classList.toggle("dark", isDark), dark);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
}

/**
 * The screen at 1280 and 390 px, light and dark, into the test's output folder as
 * `<name>-<width>-<theme>.png`; ends at 1280 px in the theme it started with. The theme is switched the
 * way the app applies it (the class on <html>, web/lib/theme.ts), so open dialogs and toasts stay.
 */
export async function screenshotScreen(page: Page, info: TestInfo, name: string, { fullPage = false } = {}) {
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  for (const colorScheme of ["light", "dark"] as const) {
    await applyTheme(page, colorScheme === "dark");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await page.screenshot({ path: info.outputPath(`${name}-${width}-${colorScheme}.png`), fullPage });
    }
  }
  await applyTheme(page, wasDark);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The toast with this text is on screen and does not cover the page title (issue 36, item 10). */
export async function expectToastClearOfTitle(page: Page, text: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Let its entrance finish: sonner slides a toast in over about 400 ms.
  await page.waitForTimeout(600);
  const [toastBox, titleBox] = await Promise.all([
    toast.boundingBox(),
    // By tag: behind a modal dialog the title is hidden from the accessibility tree, yet still on screen.
    page.locator("h1").first().boundingBox(),
  ]);
  if (!toastBox || !titleBox) throw new Error("no toast or no page title on screen");
  const overlaps =
    toastBox.x < titleBox.x + titleBox.width &&
    titleBox.x < toastBox.x + toastBox.width &&
    toastBox.y < titleBox.y + titleBox.height &&
    titleBox.y < toastBox.y + toastBox.height;
  expect(overlaps, `toast ${JSON.stringify(toastBox)} covers the title ${JSON.stringify(titleBox)}`).toBe(false);
  const viewport = page.viewportSize();
  if (viewport) expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
}

/** A company's card on Administração (/admin, already open): the list is paged, so search it by name first (decision 054). */
export function companyCard(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

/** Types the company's name in 'Buscar empresa' and waits for its card, which it returns. */
export async function openCompany(page: Page, name: string) {
  await page.getByRole("searchbox", { name: "Buscar empresa" }).fill(name);
  const card = companyCard(page, name);
  await expect(card).toBeVisible();
  return card;
}

/** Opens the card's 'Membros (N)' (members and pending invites load only then) and returns the card. */
export async function openMembers(page: Page, name: string) {
  const card = await openCompany(page, name);
  const toggle = card.getByRole("button", { name: /^Membros \(/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(card.getByRole("heading", { name: /^Membros/, level: 4 })).toBeVisible();
  return card;
}
