/**
 * The session, asked for early: an inline script in the head of every app page
 * (root.tsx) sends GET /api/me while the app's scripts download, instead of
 * after they run. If its answer has arrived when the app starts, the query
 * client starts with it (query-client.ts), so the shell renders at once
 * instead of after a loading pass; otherwise useMe (session.ts) takes the
 * request once (docs/decisions/021). Free of imports, so the root stays small.
 */

/** Kept tiny and self-contained: its hash goes in the CSP. */
export const earlyMeScript = `(function(){try{var e={at:Date.now()};e.response=fetch("/api/me",{credentials:"same-origin",headers:{accept:"application/json"}});e.response.then(function(r){return r.status===401?null:r.ok?r.clone().json():undefined}).then(function(me){if(me!==undefined)e.answer={me:me}},function(){});window.__serenoEarlyMe=e}catch(x){}})();`;

/** How long after the page loaded its early request still stands for the session. */
const EARLY_ME_FRESH_MS = 10_000;

type EarlyMe = { at: number; response: Promise<Response>; answer?: { me: unknown } };

type Holder = { __serenoEarlyMe?: EarlyMe };
const holder = (): Holder | undefined => (typeof window === "undefined" ? undefined : (window as Holder));

function takeEarly(): EarlyMe | undefined {
  const page = holder();
  const early = page?.__serenoEarlyMe;
  if (page) page.__serenoEarlyMe = undefined;
  return early && Date.now() - early.at < EARLY_ME_FRESH_MS ? early : undefined;
}

/** The page's early GET /api/me, once, while fresh; any later read asks again. */
export function takeEarlyMe(): Promise<Response> | undefined {
  return takeEarly()?.response;
}

/**
 * The early request's answer, if it has already arrived (the session's JSON,
 * or null when signed out) and is fresh, with when it was asked; taken once.
 * Still on its way: undefined, and the request stays for takeEarlyMe.
 */
export function takeEarlyMeAnswer(): { me: unknown; at: number } | undefined {
  if (!holder()?.__serenoEarlyMe?.answer) return undefined;
  const early = takeEarly();
  return early?.answer ? { me: early.answer.me, at: early.at } : undefined;
}
