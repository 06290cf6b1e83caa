/**
 * The session, asked for early: an inline script in the head of every app page
 * (root.tsx) sends GET /api/me while the app's scripts download, instead of
 * after they run. If its answer has arrived when the app starts, the query
 * client starts with it (query-client.ts), so the shell renders at once
 * instead of after a loading pass; otherwise useMe's GET (session.ts) takes
 * the request once through api() (docs/decisions/021). No imports but a type, so the root stays small.
 *
 * On /dashboard the same script then sends the reads that role's dashboard
 * starts with, as soon as the session says the role: they travel while the
 * app's scripts still download, and api() takes each answer once
 * (takeEarlyRead) instead of asking again after the first render.
 */
import type { Role } from "#core/roles.ts";

/**
 * What each dashboard reads first (routes/dashboard.tsx: the manager's team
 * view, everyone else's own progress). tests/e2e/first-reads.spec.ts fails
 * if a path here is not the one its panel asks for (it would be asked twice).
 */
export const dashboardReads: Partial<Record<Role, readonly string[]>> = {
  manager: ["/api/team/summary", "/api/reports/insights"],
  user: [
    "/api/check-ins/today",
    "/api/progress",
    "/api/exercises/quick",
    "/api/activities",
    "/api/risks/survey",
    "/api/me/who5",
  ],
};

/** Kept tiny and self-contained: its hash goes in the CSP. */
export const earlyMeScript = `(function(){try{var e={at:Date.now()},reads=${JSON.stringify(dashboardReads)};function get(p){return fetch(p,{credentials:"same-origin",headers:{accept:"application/json"}})}e.response=get("/api/me");e.response.then(function(r){return r.status===401?null:r.ok?r.clone().json():undefined}).then(function(me){if(me===undefined)return;e.answer={me:me};var paths=me&&location.pathname==="/dashboard"&&reads[me.role];if(!paths)return;var sent={};paths.forEach(function(p){sent[p]=get(p);sent[p].catch(function(){})});window.__serenoEarlyReads={at:e.at,sent:sent}},function(){});window.__serenoEarlyMe=e}catch(x){}})();`;

/** How long after the page loaded its early request still stands for the session. */
const EARLY_ME_FRESH_MS = 10_000;

type EarlyMe = { at: number; response: Promise<Response>; answer?: { me: unknown } };

type EarlyReads = { at: number; sent: Record<string, Promise<Response> | undefined> };

type Holder = { __serenoEarlyMe?: EarlyMe; __serenoEarlyReads?: EarlyReads };
const holder = (): Holder | undefined => (typeof window === "undefined" ? undefined : (window as Holder));

function takeEarly(): EarlyMe | undefined {
  const page = holder();
  const early = page?.__serenoEarlyMe;
  if (page) page.__serenoEarlyMe = undefined;
  return early && Date.now() - early.at < EARLY_ME_FRESH_MS ? early : undefined;
}

/**
 * The early request's answer, if it has already arrived (the session's JSON,
 * or null when signed out) and is fresh, with when it was asked; taken once.
 * Still on its way: undefined, and the request stays for takeEarlyRead.
 */
export function takeEarlyMeAnswer(): { me: unknown; at: number } | undefined {
  if (!holder()?.__serenoEarlyMe?.answer) return undefined;
  const early = takeEarly();
  return early?.answer ? { me: early.answer.me, at: early.at } : undefined;
}

/**
 * The page's early GET of `path` (the session, or a dashboard's first read),
 * once, while fresh; undefined if none was sent, and any later read asks again.
 * api() asks for it on every plain GET.
 */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  if (path === "/api/me") return takeEarly()?.response;
  const reads = holder()?.__serenoEarlyReads;
  const sent = reads?.sent[path];
  if (!reads || !sent) return undefined;
  reads.sent[path] = undefined;
  return Date.now() - reads.at < EARLY_ME_FRESH_MS ? sent : undefined;
}

/** Drops the early reads not taken yet: they were asked with the session that is ending. */
export function forgetEarlyReads(): void {
  const page = holder();
  if (page) page.__serenoEarlyReads = undefined;
}
