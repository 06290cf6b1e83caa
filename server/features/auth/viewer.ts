/**
 * Who is calling and what they may do: the one place these rules live
 * (docs/decisions/036). Routes do not call these: they declare a rule of
 * access.ts (docs/decisions/068), whose hook does. The hot routes (the
 * check-in, the member's month, the managers' reads) may reuse the caller an
 * earlier request of this session read (resolveRemembered), which the route's
 * own statement then checks again (recheckSql, docs/decisions/021).
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { hasCurrentConsent } from "#core/consent.ts";
import { messages } from "#core/messages.ts";
import type { Role } from "#core/roles.ts";
import { DEFAULT_USER_NAME, defaultNotificationPreferences, type Me } from "#core/schemas/me.ts";
import { serverMessages } from "#core/server-messages.ts";
import { levelFor } from "#core/xp.ts";
import type { Db } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { findSessionHolder, type SessionHolder, sessionTokenOf } from "./session-lookup.ts";

export type Viewer = Me & { userId: string; sessionId: string };
/** What routes read of the company in scope; its activation code (docs/decisions/045) and working days (092) are read where used. */
export type Company = Omit<typeof companies.$inferSelect, "activationCode" | "workingDays">;

/** The caller of a session token, from the database (session-lookup.ts), remembered for the hot routes. */
async function loadViewer(db: Db, token: string | null, touchSession = true): Promise<Viewer | null> {
  if (!token) return null;
  const holder = await findSessionHolder(db, token, new Date(), { touchSession });
  if (!holder) {
    forgetCaller(db, token);
    return null;
  }
  const viewer = viewerOf(holder);
  rememberCaller(db, token, viewer);
  return viewer;
}

function viewerOf(holder: SessionHolder): Viewer {
  const { user, profile } = holder;
  // Written out, not spread: this runs for every request that reads its caller (docs/decisions/021).
  return {
    userId: user.id,
    sessionId: holder.sessionId,
    id: user.id,
    email: user.email,
    name: profile.name || user.name || DEFAULT_USER_NAME,
    role: profile.role,
    companyId: profile.companyId,
    avatar: profile.avatarUrl ?? user.image ?? null,
    level: levelFor(profile.xp),
    xp: profile.xp,
    engagementPoints: profile.engagementPoints,
    themePreference: profile.themePreference,
    notificationPreferences: { ...defaultNotificationPreferences, ...profile.notificationPreferences },
    timezone: profile.timezone,
    wellbeingConsent:
      profile.wellbeingConsentVersion && profile.wellbeingConsentAt
        ? { version: profile.wellbeingConsentVersion, at: profile.wellbeingConsentAt.toISOString() }
        : null,
  };
}

/**
 * The caller, read from the database once per request. `touchSession: false` leaves the session row
 * unwritten ('last active', the sliding expiry): for a request whose own writes must not be tied to
 * a session by their timing (an anonymous Canal de escuta case, docs/decisions/063).
 */
export async function findViewer(
  request: FastifyRequest,
  options: { touchSession?: boolean } = {},
): Promise<Viewer | null> {
  const { db, secret } = request.server.deps;
  if (request.viewer === undefined) {
    request.viewer = await loadViewer(db, sessionTokenOf(request.headers, secret), options.touchSession);
  }
  return request.viewer;
}

/*
 * Callers remembered by session token for the hot routes (docs/decisions/021):
 * opening the app reads the caller from the database, and the check-in that
 * follows reuses it instead of asking again. Nothing here is trusted on its
 * own: the hot statement checks every field it relies on again
 * (recheckColumnsSql) and writes nothing when one has changed; the entry is then
 * forgotten and the database asked. So a sign-out, a removal or a withdrawn
 * consent, in any process, holds at the next request.
 */
const REMEMBER_MS = 10 * 60 * 1000;
/** Bounded: the oldest entries go first (a Map keeps insertion order). */
const MAX_REMEMBERED = 50_000;
const rememberedIn = new WeakMap<Db, Map<string, { viewer: Viewer; until: number }>>();

function rememberCaller(db: Db, token: string, viewer: Viewer): void {
  let entries = rememberedIn.get(db);
  if (!entries) {
    entries = new Map();
    rememberedIn.set(db, entries);
  }
  entries.delete(token);
  entries.set(token, { viewer, until: Date.now() + REMEMBER_MS });
  if (entries.size > MAX_REMEMBERED) entries.delete(entries.keys().next().value as string);
}

/** The caller an earlier request of this session read, in the last ten minutes. */
export function recentCaller(db: Db, token: string): Viewer | undefined {
  const entry = rememberedIn.get(db)?.get(token);
  if (!entry) return undefined;
  if (entry.until <= Date.now()) {
    forgetCaller(db, token);
    return undefined;
  }
  return entry.viewer;
}

/** For a session that ended (server/features/settings/active-sessions.routes.ts) or a caller that changed. */
export function forgetCaller(db: Db, token: string): void {
  rememberedIn.get(db)?.delete(token);
}

/** A caller this request did not read from the database: its statement must check they still hold (recheckSql). */
export type RememberedCaller = { token: string; viewer: Viewer };

/** A remembered caller's fields as SQL: parameters, or the columns of a batch (insert-check-in.ts, audited-read.ts). */
export type CallerSql = {
  token: SQL;
  userId: SQL;
  role: SQL;
  companyId: SQL;
  timezone: SQL;
  consentVersion: SQL;
};

/**
 * True, inside the statement that relies on a remembered caller, when they
 * still hold: the session is alive and this person's, and the role, company,
 * time zone and consent are what the route used. Someone without a profile
 * never holds (they are always read from the database).
 */
export function recheckColumnsSql(caller: CallerSql): SQL {
  return sql`EXISTS (
    SELECT 1 FROM session JOIN profiles ON profiles.user_id = session.user_id
    WHERE session.token = ${caller.token} AND session.user_id = ${caller.userId} AND session.expires_at > now()
      AND profiles.role = ${caller.role}
      AND profiles.company_id IS NOT DISTINCT FROM ${caller.companyId}
      AND profiles.timezone = ${caller.timezone}
      AND profiles.wellbeing_consent_version IS NOT DISTINCT FROM ${caller.consentVersion}
  )`;
}

/** recheckColumnsSql for one caller, its fields as parameters; plain true for a caller read from the database. */
export function recheckSql(recheck: RememberedCaller | null): SQL {
  if (!recheck) return sql`true`;
  const { token, viewer } = recheck;
  return recheckColumnsSql({
    token: sql`${token}`,
    userId: sql`${viewer.userId}`,
    role: sql`${viewer.role}`,
    companyId: sql`${viewer.companyId}::uuid`,
    timezone: sql`${viewer.timezone}`,
    consentVersion: sql`${viewer.wellbeingConsent?.version ?? null}::text`,
  });
}

const REFUSED = Symbol("refused");
/** The remembered caller a hot route's rule accepted, for its statement to recheck. */
const rechecks = new WeakMap<FastifyRequest, RememberedCaller>();

/**
 * A hot route's caller (docs/decisions/021), for the access hook: the one an
 * earlier request of this session read, when `rule` accepts them, without a
 * session query; else, or when there is none, the one in the database, and
 * then `rule`'s refusal is final. The session token is read once.
 */
export async function resolveRemembered<A>(
  request: FastifyRequest,
  rule: (viewer: Viewer, request: FastifyRequest) => A,
  unauthenticated: string,
): Promise<{ viewer: Viewer; allowed: A }> {
  const { db, secret } = request.server.deps;
  if (request.viewer === undefined) {
    const token = sessionTokenOf(request.headers, secret);
    const remembered = token ? recentCaller(db, token) : undefined;
    if (token && remembered) {
      const allowed = unlessRefused(() => rule(remembered, request));
      if (allowed !== REFUSED) {
        rechecks.set(request, { token, viewer: remembered });
        return { viewer: remembered, allowed };
      }
      forgetCaller(db, token);
    }
    request.viewer = await loadViewer(db, token);
  }
  const viewer = request.viewer;
  if (!viewer) throw new AppError("UNAUTHENTICATED", unauthenticated);
  return { viewer, allowed: rule(viewer, request) };
}

/**
 * Runs a hot route's statement as the caller resolveRemembered found. With a
 * remembered caller `run` gets them as `recheck`, and its statement embeds
 * recheckSql and answers undefined when they no longer hold: the entry is
 * then forgotten, the caller read from the database, the rule applied again
 * and `run` runs once with nothing to recheck.
 */
export async function runRemembered<A, T>(
  request: FastifyRequest,
  first: { viewer: Viewer; allowed: A },
  rule: (viewer: Viewer, request: FastifyRequest) => A,
  unauthenticated: string,
  run: (viewer: Viewer, allowed: A, recheck: RememberedCaller | null) => Promise<T | undefined>,
): Promise<T> {
  const recheck = rechecks.get(request) ?? null;
  const answer = await run(first.viewer, first.allowed, recheck);
  if (answer !== undefined) return answer;
  // Unreachable without a remembered caller: there is nothing to find changed.
  if (!recheck) throw new AppError("UNAUTHENTICATED", unauthenticated);
  rechecks.delete(request);
  const { db } = request.server.deps;
  forgetCaller(db, recheck.token);
  request.viewer = await loadViewer(db, recheck.token);
  if (!request.viewer) throw new AppError("UNAUTHENTICATED", unauthenticated);
  const fresh = request.viewer;
  const again = await run(fresh, rule(fresh, request), null);
  if (again === undefined) throw new AppError("UNAUTHENTICATED", unauthenticated);
  return again;
}

function unlessRefused<A>(rule: () => A): A | typeof REFUSED {
  try {
    return rule();
  } catch (error) {
    if (error instanceof AppError) return REFUSED;
    throw error;
  }
}

export async function requireUser(request: FastifyRequest, options: { touchSession?: boolean } = {}): Promise<Viewer> {
  const viewer = await findViewer(request, options);
  if (!viewer) throw new AppError("UNAUTHENTICATED", serverMessages.unauthenticated);
  return viewer;
}

/** Wellbeing data (moods, notes, exercise progress) is recorded only under the current consent (docs/decisions/015). */
export function requireWellbeingConsent(viewer: Viewer): void {
  if (!hasCurrentConsent(viewer.wellbeingConsent)) {
    throw new AppError("CONSENT_REQUIRED", serverMessages.wellbeingConsentRequired);
  }
}

function refuseUnless(viewer: Viewer, allowed: Role[]): void {
  if (!allowed.includes(viewer.role)) throw new AppError("FORBIDDEN", serverMessages.forbidden);
}

export async function requireRole(request: FastifyRequest, ...allowed: Role[]): Promise<Viewer> {
  const viewer = await requireUser(request);
  refuseUnless(viewer, allowed);
  return viewer;
}

/**
 * The id of the company a manager or admin acts on, or the refusal: a
 * manager always their own (naming another is refused), an admin the one
 * they name (they must name one). Anyone else is refused.
 */
export function managedCompanyId(viewer: Viewer, requestedId: string | undefined): string {
  refuseUnless(viewer, ["manager", "admin"]);
  if (viewer.role === "admin") {
    if (!requestedId) throw new AppError("BAD_REQUEST", messages.companyIdMissing);
    return requestedId;
  }
  if (!viewer.companyId) throw new AppError("NO_COMPANY", messages.noCompany);
  if (requestedId && requestedId !== viewer.companyId) throw new AppError("FORBIDDEN", serverMessages.forbidden);
  return viewer.companyId;
}

/** The guard of every route a manager or admin runs on one company's behalf: the caller, and the company in scope. */
export async function requireCompanyManager(
  request: FastifyRequest,
  requestedCompanyId?: string,
): Promise<{ viewer: Viewer; company: Company }> {
  const viewer = await requireUser(request);
  const companyId = managedCompanyId(viewer, requestedCompanyId);
  const [company] = await request.server.deps.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
  return { viewer, company };
}
