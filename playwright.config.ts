// Browser tests: Debian's Chromium (its headless shell when installed, scripts/test-browser.mjs), never a
// downloaded browser; the real built server on a fresh embedded database, with a real SMTP peer.
import { defineConfig, devices } from "@playwright/test";
import { testBrowser } from "./scripts/test-browser.mjs";

/** E2E_PORT lets two runs share a machine; the SMTP peer's HTTP API listens on the next port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const MAIL_API_PORT = E2E_PORT + 1;

/** Minutes each: the group session's real-time draw and start, axe on every screen, the first start's seeding. */
const LONG_JOURNEYS = /\/(group-sessions|axe-sweep|first-start)\.spec\.ts$/;
/**
 * The journeys that run with the page's motion as it ships (transitions, chart drawing). Every other spec asks for
 * reduced motion, as a person can in their system settings: the same screens without the animation frames, about a
 * quarter less of the browser run's CPU (docs/decisions/108).
 */
const MOTION_JOURNEYS = /\/(daily-loop|manager-dashboard|check-ins)\.spec\.ts$/;
const chromium = { ...devices["Desktop Chrome"], channel: undefined };
const still = { ...chromium, contextOptions: { reducedMotion: "reduce" as const } };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each spec's time as JSON too: scripts/slowest-tests.mjs lists the slowest (docs/decisions/101).
  reporter: [["list"], ["json", { outputFile: `test-results/playwright-${E2E_PORT}.json` }]],
  outputDir: `test-results/${E2E_PORT}`,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // The app's service worker (docs/decisions/027) would hide requests from page.route(); tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testBrowser(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The journeys that take minutes are a project of their own, listed first so the workers start them first
  // rather than meet them last, with the rest of the run waiting on one of them (docs/decisions/072).
  projects: [
    { name: "long", testMatch: LONG_JOURNEYS, use: still },
    { name: "motion", testMatch: MOTION_JOURNEYS, use: chromium },
    { name: "chromium", testIgnore: [LONG_JOURNEYS, MOTION_JOURNEYS], use: still },
  ],
  webServer: {
    command: "node node_modules/tsx/dist/cli.mjs tests/e2e/support/server.ts",
    url: `http://localhost:${E2E_PORT}/api/health`,
    // Seeding the fixture companies takes 1–2 minutes on a busy shared machine: wait up to five.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
