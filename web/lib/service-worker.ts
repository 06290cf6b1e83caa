/**
 * Registers the service worker the build writes to /sw.js (docs/decisions/027):
 * it makes the app installable and lets it open offline. Not in development
 * (`react-router dev` has no sw.js).
 *
 * Only once the page has loaded and the browser is idle: installing it
 * downloads the whole app for offline use (about 1.8 MB), which on a first
 * visit over a slow connection would otherwise compete with the page's own
 * first reads, and registering took a slice of the first render's effects
 * (docs/decisions/021).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  afterLoadWhenIdle(() => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without it the app works as a normal site; nothing to tell the person.
    });
  });
}

/** The longest an idle moment is waited for once the page has loaded. */
export const IDLE_TIMEOUT_MS = 3_000;

/** Runs `task` after the page's load event, at the browser's next idle moment (at most IDLE_TIMEOUT_MS later). */
export function afterLoadWhenIdle(task: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      window.setTimeout(task, 0);
    }
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
