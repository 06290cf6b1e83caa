/**
 * Registers the service worker the build writes to /sw.js (docs/decisions/027):
 * it makes the app installable and lets it open offline. Not in development
 * (`react-router dev` has no sw.js).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Without it the app works as a normal site; nothing to tell the person.
  });
}
