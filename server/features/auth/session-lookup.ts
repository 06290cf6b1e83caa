/**
 * Who holds this session, in one query (docs/decisions/021): the token read
 * the way better-auth writes it (a signed cookie for the browser, a bearer
 * token for API clients), its signature checked with one node:crypto HMAC,
 * then session + user + profile joined. better-auth still signs people in and
 * out; this only reads what it wrote, with the same rules: expired sessions
 * are nobody, and a session older than a day is extended (SESSION_DAYS).
 * A member or manager without a company is nobody either, whatever session
 * they still hold (docs/decisions/009): every route that resolves its caller
 * here refuses them with a 401.
 * It also keeps the session's `updated_at` within ACTIVITY_PRECISION_MS of
 * its last use: the 'última atividade' of Configurações › Sessões ativas.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { and, eq, inArray, sql } from "drizzle-orm";
import { hasAccess } from "#core/roles.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, session, user } from "#server/db/schema/index.ts";
import { SESSION_DAYS } from "./auth.ts";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?sereno\.session_token=([^;]*)/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 'Last active' is this precise: one write per session per 5 minutes of use, not one per request. */
const ACTIVITY_PRECISION_MS = 5 * 60 * 1000;

function decoded(value: string): string | null {
  try {
    return value.includes("%") ? decodeURIComponent(value) : value;
  } catch {
    return null;
  }
}

/** base64 and base64url, padded or not, compare as the same bytes. */
function signatureBytes(signature: string): Buffer {
  return Buffer.from(signature.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, ""), "base64");
}

function verified(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = signatureBytes(signed.slice(dot + 1));
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session token of a request, or null. A bearer header wins over the
 * cookie, as in better-auth's bearer plugin, which also accepts a bare
 * (unsigned) token: the token itself is the secret.
 */
export function sessionTokenOf(headers: IncomingHttpHeaders, secret: string): string | null {
  const authorization = headers.authorization;
  if (authorization?.startsWith("Bearer ")) {
    const bearer = decoded(authorization.slice(7).trim());
    if (!bearer) return null;
    return bearer.includes(".") ? verified(bearer, secret) : bearer;
  }
  const cookie = SESSION_COOKIE.exec(headers.cookie ?? "")?.[1];
  const signed = cookie ? decoded(cookie) : null;
  return signed ? verified(signed, secret) : null;
}

/** The profile's columns a caller is made of (viewer.ts): only these are read and mapped, every request. */
const holderProfile = {
  name: profiles.name,
  role: profiles.role,
  companyId: profiles.companyId,
  avatarUrl: profiles.avatarUrl,
  xp: profiles.xp,
  engagementPoints: profiles.engagementPoints,
  themePreference: profiles.themePreference,
  notificationPreferences: profiles.notificationPreferences,
  timezone: profiles.timezone,
  wellbeingConsentAt: profiles.wellbeingConsentAt,
  wellbeingConsentVersion: profiles.wellbeingConsentVersion,
};

export type SessionHolder = {
  sessionId: string;
  user: { id: string; email: string; name: string; image: string | null };
  profile: { [K in keyof typeof holderProfile]: (typeof profiles.$inferSelect)[K] };
};

function holderQuery(db: Db) {
  return db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      updatedAt: session.updatedAt,
      user: { id: user.id, email: user.email, name: user.name, image: user.image },
      profile: holderProfile,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.userId, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_holder");
}

// Built once per database: every request runs it, and building the query costs more than sending it.
const holderQueries = new WeakMap<Db, ReturnType<typeof holderQuery>>();

export async function findSessionHolder(
  db: Db,
  token: string,
  now = new Date(),
  options: { touchSession?: boolean } = {},
): Promise<SessionHolder | null> {
  let query = holderQueries.get(db);
  if (!query) {
    query = holderQuery(db);
    holderQueries.set(db, query);
  }
  const [row] = await query.execute({ token });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  // No profile is no access: an account without one is a member of no company (core/roles.ts, decision 009).
  if (!row.profile || !hasAccess(row.profile.role, row.profile.companyId)) return null;
  // Sliding expiry, as better-auth's getSession does it: once a day at most.
  const isExtensionDue = row.expiresAt.getTime() - SESSION_DAYS * DAY_MS + DAY_MS <= now.getTime();
  const isTouchDue = isExtensionDue || row.updatedAt.getTime() + ACTIVITY_PRECISION_MS <= now.getTime();
  if (options.touchSession !== false && isTouchDue) {
    // Requests of one session arrive together (a page's reads, or two processes): the first to lock the
    // row refreshes it, the others skip it rather than wait for its commit, and a row another request
    // already refreshed is left alone: the same conditions as above, on the row as it stands now, by
    // this request's clock (docs/decisions/021).
    const instant = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
    const due = isExtensionDue
      ? sql`${session.expiresAt} <= ${instant(now.getTime() + (SESSION_DAYS - 1) * DAY_MS)}`
      : sql`${session.updatedAt} <= ${instant(now.getTime() - ACTIVITY_PRECISION_MS)}`;
    await db
      .update(session)
      .set({
        ...(isExtensionDue && { expiresAt: sql`now() + make_interval(days => ${SESSION_DAYS})` }),
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          session.id,
          db
            .select({ id: session.id })
            .from(session)
            .where(and(eq(session.id, row.sessionId), due))
            .for("update", { skipLocked: true }),
        ),
      );
  }
  return { sessionId: row.sessionId, user: row.user, profile: row.profile };
}
