import { afterLoadWhenIdle } from "./after-load.ts";

/**
 * Registers the service worker the build writes to /sw.js (docs/decisions/027):
 * it makes the app installable and lets it open offline. Not in development
 * (`react-router dev` has no sw.js).
 *
 * Only once the page has loaded and the browser is idle: installing it
 * downloads the whole app for offline use (about 1.8 MB), which on a first
 * visit over a slow connection would otherwise compete with the page's own
 * first reads (docs/decisions/021).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  afterLoadWhenIdle(() => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without it the app works as a normal site; nothing to tell the person.
    });
  });
}
