/**
 * Work a page does not need for its first render (the service worker, the
 * toasts' library) waits until the page has loaded and the browser is idle,
 * so it neither competes with the first reads on a slow connection nor adds
 * to the first render's long tasks (docs/decisions/021).
 */

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
