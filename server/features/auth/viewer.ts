/**
 * Who is calling: the session (cookie or bearer token) joined with the
 * profile. Every protected route starts with requireUser or requireRole; this
 * is the one place those rules live.
 */
import { type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { hasCurrentConsent } from "#core/consent.ts";
import { messages } from "#core/messages.ts";
import type { Role } from "#core/roles.ts";
import { DEFAULT_TIMEZONE, DEFAULT_USER_NAME, defaultNotificationPreferences, type Me } from "#core/schemas/me.ts";
import { levelFor } from "#core/xp.ts";
import { AppError } from "#server/errors.ts";
import { forgetCaller, recentCaller, rememberCaller } from "./recent-viewers.ts";
import { findSessionHolder, type SessionHolder, sessionTokenOf } from "./session-lookup.ts";

export type Viewer = Me & { userId: string; sessionId: string };

async function loadViewer(request: FastifyRequest): Promise<Viewer | null> {
  const { db, secret } = request.server.deps;
  const token = sessionTokenOf(request.headers, secret);
  if (!token) return null;
  const holder = await findSessionHolder(db, token);
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
  const base = { userId: user.id, sessionId: holder.sessionId, id: user.id, email: user.email };
  if (!profile) {
    // Spec 3: build a basic user from the account; least privilege, no company.
    return {
      ...base,
      name: user.name || DEFAULT_USER_NAME,
      role: "user",
      companyId: null,
      avatar: user.image ?? null,
      level: 1,
      xp: 0,
      engagementPoints: 0,
      themePreference: null,
      notificationPreferences: defaultNotificationPreferences,
      timezone: DEFAULT_TIMEZONE,
      wellbeingConsent: null,
      profileIncomplete: true,
    };
  }
  return {
    ...base,
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
        ? { version: profile.wellbeingConsentVersion, at: new Date(profile.wellbeingConsentAt).toISOString() }
        : null,
    profileIncomplete: false,
  };
}

export async function findViewer(request: FastifyRequest): Promise<Viewer | null> {
  if (request.viewer === undefined) request.viewer = await loadViewer(request);
  return request.viewer;
}

/**
 * The caller as an earlier request of this session found it, without asking
 * the database (recent-viewers.ts): only for a write that re-checks it in its
 * own statement (the check-in). The token comes with it for that check.
 */
export function recentViewer(request: FastifyRequest): { viewer: Viewer; token: string } | null {
  const { db, secret } = request.server.deps;
  const token = sessionTokenOf(request.headers, secret);
  const viewer = token ? recentCaller<Viewer>(db, token) : undefined;
  return token && viewer ? { viewer, token } : null;
}

export function forgetRecentViewer(request: FastifyRequest, token: string): void {
  forgetCaller(request.server.deps.db, token);
}

/** A remembered caller's fields as SQL: parameters, or the columns of a batch (server/features/reports/audited-read.ts). */
export type CallerSql = {
  token: SQL;
  userId: SQL;
  role: SQL;
  companyId: SQL;
  timezone: SQL;
  consentVersion: SQL;
};

/**
 * True, inside the statement that relies on a remembered caller, when it
 * still holds: the session is alive and this person's, and the role, company,
 * time zone and consent are what the route used. Someone without a profile
 * never holds (they are always read from the database).
 */
export function callerHoldsSql(caller: CallerSql): SQL {
  return sql`EXISTS (
    SELECT 1 FROM session JOIN profiles ON profiles.user_id = session.user_id
    WHERE session.token = ${caller.token} AND session.user_id = ${caller.userId} AND session.expires_at > now()
      AND profiles.role = ${caller.role}
      AND profiles.company_id IS NOT DISTINCT FROM ${caller.companyId}
      AND profiles.timezone = ${caller.timezone}
      AND profiles.wellbeing_consent_version IS NOT DISTINCT FROM ${caller.consentVersion}
  )`;
}

/** callerHoldsSql for one caller, its fields as parameters. */
export function rememberedCallerHolds(token: string, viewer: Viewer): SQL {
  return callerHoldsSql({
    token: sql`${token}`,
    userId: sql`${viewer.userId}`,
    role: sql`${viewer.role}`,
    companyId: sql`${viewer.companyId}::uuid`,
    timezone: sql`${viewer.timezone}`,
    consentVersion: sql`${viewer.wellbeingConsent?.version ?? null}::text`,
  });
}

export async function requireUser(request: FastifyRequest): Promise<Viewer> {
  const viewer = await findViewer(request);
  if (!viewer) throw new AppError("UNAUTHENTICATED", messages.unauthenticated);
  return viewer;
}

/** Wellbeing data (moods, notes, exercise progress) is recorded only under the current consent (docs/decisions/015). */
export function requireWellbeingConsent(viewer: Viewer): void {
  if (!hasCurrentConsent(viewer.wellbeingConsent)) {
    throw new AppError("CONSENT_REQUIRED", messages.wellbeingConsentRequired);
  }
}

export async function requireRole(request: FastifyRequest, ...allowed: Role[]): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!allowed.includes(viewer.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  return viewer;
}
