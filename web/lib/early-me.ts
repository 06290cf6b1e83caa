/**
 * The session, asked for early: an inline script in the head of every app page
 * (root.tsx) sends GET /api/me while the app's scripts download, instead of
 * after they run, and useMe (session.ts) takes its answer once
 * (docs/decisions/021). Free of imports, so the root stays small.
 */

/** Kept tiny and self-contained: its hash goes in the CSP. */
export const earlyMeScript = `(function(){try{var r=fetch("/api/me",{credentials:"same-origin",headers:{accept:"application/json"}});r.catch(function(){});window.__serenoEarlyMe={at:Date.now(),response:r}}catch(e){}})();`;

/** How long after the page loaded its early request still stands for the session. */
const EARLY_ME_FRESH_MS = 10_000;

type EarlyMe = { at: number; response: Promise<Response> };

/** The page's early GET /api/me, once, while fresh; any later read asks again. */
export function takeEarlyMe(): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const holder = window as { __serenoEarlyMe?: EarlyMe };
  const early = holder.__serenoEarlyMe;
  if (!early) return undefined;
  holder.__serenoEarlyMe = undefined;
  return Date.now() - early.at < EARLY_ME_FRESH_MS ? early.response : undefined;
}
