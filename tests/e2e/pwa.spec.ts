/**
 * The installable app (docs/decisions/027): the manifest and its icons, the
 * service worker registered under the strict CSP, the app shell served with
 * the network cut, and a check-in made offline that is queued on the device
 * and recorded, at the moment it was made, once the network returns.
 */
import { createECDH, randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { checkInMessages } from "#core/check-in-messages.ts";
import { messages } from "#core/messages.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test.use({ serviceWorkers: "allow" });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

function recordCspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

async function activeWorker(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
}

test("the app is installable: a valid manifest with its icons, and a service worker registered under the CSP", async ({
  page,
  baseURL,
}) => {
  const refusals = recordCspRefusals(page);
  await page.goto("/login");
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f6e64");

  const manifestResponse = await page.request.get(manifestHref as string);
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    name: "Sereno",
    short_name: "Sereno",
    lang: "pt-BR",
    start_url: "/dashboard",
    display: "standalone",
    theme_color: "#0f6e64",
    background_color: "#f6f8f7",
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  const wanted = [
    { sizes: "192x192", purpose: "any" },
    { sizes: "512x512", purpose: "any" },
    { sizes: "512x512", purpose: "maskable" },
  ];
  for (const { sizes, purpose } of wanted) {
    const icon = icons.find((candidate) => candidate.sizes === sizes && candidate.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const file = await page.request.get(icon?.src as string);
    expect(file.headers()["content-type"]).toBe("image/png");
    const [width, height] = sizes.split("x").map(Number);
    expect(pngSize(await file.body())).toEqual({ width, height });
  }
  expect(pngSize(await (await page.request.get("/icons/apple-touch-icon.png")).body())).toEqual({
    width: 180,
    height: 180,
  });

  expect(await activeWorker(page)).toBe(`${baseURL}/sw.js`);
  // Checked on every visit, so a new build reaches installed apps.
  const worker = await page.request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toContain("javascript");

  // The browser's own installability verdict (Chromium's app-manifest checks), with nothing missing.
  const session = await page.context().newCDPSession(page);
  const { installabilityErrors } = await session.send("Page.getInstallabilityErrors");
  // A Playwright context is an incognito profile, where Chromium never offers to install: that one reason only.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  expect(refusals).toEqual([]);
});

test("a check-in made with the network cut is queued on the device and recorded once the network returns", async ({
  page,
  context,
}) => {
  const refusals = recordCspRefusals(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, people.offliner);
  await page.goto("/check-ins");
  await expect(page.getByRole("button", { name: "Fazer check-in (+50 XP)" })).toBeVisible();
  await activeWorker(page);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await expect(page.getByText("Você está offline.", { exact: true })).toBeVisible();
  // Signed in, the check-in can be kept: the banner says so.
  await expect(page.getByRole("status").filter({ hasText: "Você está offline." })).toContainText(
    "O check-in de hoje fica guardado",
  );
  await page.screenshot({ path: test.info().outputPath("pwa-offline-banner-390.png") });

  const before = Date.now();
  await page.getByRole("radio", { name: "Baixo", exact: true }).click();
  await page.getByLabel("Quer anotar algo? (opcional)").fill("Sem sinal no metrô.");
  await page.getByRole("button", { name: "Fazer check-in (+50 XP)" }).click();
  const after = Date.now();
  await expect(page.getByText(checkInMessages.offlineCheckInQueued).first()).toBeVisible();
  const queued = page.getByRole("status").filter({ hasText: "Check-in guardado neste aparelho" });
  await expect(queued).toContainText("Você respondeu: Baixo");
  await expect(queued).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("pwa-queued-check-in-390.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath("pwa-queued-check-in-1280.png") });
  // Still offline, the dashboard's card says the same (its screen comes from the precache).
  await page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: "Painel" }).click();
  await expect(page).toHaveURL("/dashboard");
  const card = page.getByRole("status").filter({ hasText: "Check-in guardado neste aparelho" });
  await expect(card).toContainText(checkInMessages.offlineCheckInQueued);
  await page.setViewportSize({ width: 390, height: 844 });

  // The service worker serves the app offline: a reload opens the shell, which says why it cannot go
  // further and what becomes of the kept check-in, in one message: no banner promising something else.
  await page.reload();
  await expect(page.getByText(messages.offlineSignedOut)).toBeVisible();
  await expect(page.getByText("Você está offline.", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/fica guardado/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("pwa-offline-shell-390.png") });

  // The network returns: the session is read, the queued check-in is sent with the moment it was made.
  await context.setOffline(false);
  await expect(page.getByText(checkInMessages.offlineCheckInSent)).toBeVisible({ timeout: 35_000 });
  await expect(page.getByText("Check-in concluído! +50 XP")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText("Você está offline.", { exact: true })).toHaveCount(0);

  const today = await (await page.request.get("/api/check-ins/today")).json();
  expect(today.checkIn).toMatchObject({ mood: 2, notes: "Sem sinal no metrô." });
  const madeAt = Date.parse(today.checkIn.completedAt);
  expect(madeAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
  expect(madeAt).toBeLessThanOrEqual(after + 1000);
  // Nothing waits on the device any more, and the service worker stored no API reply.
  const state = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
    const waiting = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open("sereno-offline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const count = open.result.transaction("check-ins").objectStore("check-ins").count();
        count.onsuccess = () => resolve(count.result);
      };
    });
    const shellKey = urls.find((request) => new URL(request.url).pathname === "/dashboard");
    const shell = shellKey ? await (await caches.match(shellKey))?.text() : undefined;
    return { urls: urls.map((request) => new URL(request.url).pathname), waiting, shell };
  });
  expect(state.waiting).toBe(0);
  expect(state.urls).toContain("/dashboard");
  // The stored app shell is the build's page: no signed-in first frame, nobody's name (docs/decisions/021).
  expect(state.shell).toContain("Carregando...");
  expect(state.shell).not.toContain("<sereno-frame");
  expect(state.urls.filter((path) => path.startsWith("/api/") || path.startsWith("/media/"))).toEqual([]);
  expect(refusals).toEqual([]);
});

test("'Notificações push' says so when the browser's push service refuses, and stores nothing", async ({
  page,
  context,
}) => {
  // Debian's Chromium has no push service (no Google keys): subscribing fails, as it can on any browser.
  await context.grantPermissions(["notifications"]);
  await signInAs(page, people.pusher, "/settings");
  await activeWorker(page);
  const push = page.getByRole("switch", { name: "Notificações push" });
  await expect(push).not.toBeChecked();
  await push.click();
  await expect(page.getByText(settingsMessages.pushSetupFailed)).toBeVisible({ timeout: 20_000 });
  await expect(push).not.toBeChecked();
  const exported = await (await page.request.get("/api/me/export.json")).json();
  expect(exported.notificacoesPush).toEqual([]);
});

test("'Notificações push' subscribes this browser on the server and cancels it again", async ({ page, context }) => {
  // Only the browser's push service is replaced (see above); the page's code, the API and the database are real.
  const ecdh = createECDH("prime256v1");
  const keys = { p256dh: ecdh.generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") };
  const endpoint = `http://127.0.0.1:9/push/e2e-${randomBytes(6).toString("hex")}`;
  await context.addInitScript(
    ({ endpoint, keys }) => {
      let current: object | null = null;
      const subscription = {
        endpoint,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      PushManager.prototype.subscribe = async function subscribe(options) {
        if (!options?.userVisibleOnly || !options.applicationServerKey) throw new Error("missing options");
        current = subscription;
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    },
    { endpoint, keys },
  );
  await context.grantPermissions(["notifications"]);
  await signInAs(page, people.pusher, "/settings");
  await activeWorker(page);
  const push = page.getByRole("switch", { name: "Notificações push" });
  await push.click();
  await expect(push).toBeChecked();
  await expect(page.getByText(settingsMessages.settingsSaved)).toBeVisible();
  await push.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("pwa-push-switch-1280.png") });
  const subscribed = await (await page.request.get("/api/me/export.json")).json();
  expect(subscribed.notificacoesPush).toHaveLength(1);
  expect(subscribed.perfil.notificacoes.push).toBe(true);
  expect(JSON.stringify(subscribed)).not.toContain(endpoint);
  await push.click();
  await expect(push).not.toBeChecked();
  await expect
    .poll(async () => (await (await page.request.get("/api/me/export.json")).json()).notificacoesPush)
    .toEqual([]);
  const after = await (await page.request.get("/api/me")).json();
  expect(after.notificationPreferences.push).toBe(false);
});
