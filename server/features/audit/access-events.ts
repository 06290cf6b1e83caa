/**
 * Access events in the Registro de acessos (docs/decisions/032): sign-ins,
 * failed sign-ins, sign-outs, ended sessions and refused requests. Rows hold
 * who (the account, or a fixed label when there is none), the client address
 * and the device in words; never a password, a token or an e-mail that
 * belongs to no account. Written without waiting for the disk, as reads of
 * team figures are (audit.ts): a crash may lose the last fraction of a second.
 */
import { sql } from "drizzle-orm";
import type { AuditAction } from "#core/schemas/audit.ts";
import type { Db } from "#server/db/client.ts";

/** Repeats of one failure (same kind, account, address and target) within this window add to one row. */
const REPEAT_WINDOW_MINUTES = 15;

/** The actor of a failed sign-in whose e-mail is no account's: the e-mail typed is not kept. */
export const UNKNOWN_ACCOUNT = "e-mail não cadastrado";
/** The actor of a refused request that carried no session. */
export const NO_SESSION = "sem sessão";

export type AccessEvent = {
  actor: { userId: string | null; email: string };
  action: Extract<
    AuditAction,
    "auth.sign-in" | "auth.sign-in-failed" | "auth.sign-out" | "session.revoke" | "access.denied"
  >;
  target: { type: string; id?: string | null };
  /** The client address, and what else helps: the device in words, the method, the route. */
  details: { ip: string | null } & Record<string, string | number | boolean | null>;
};

const entryValues = (event: AccessEvent) => sql`${event.actor.userId}, ${event.actor.email}, ${event.action},
  ${event.target.type}, ${event.target.id ?? null}, ${JSON.stringify(event.details)}::jsonb`;

export async function recordAccessEvent(db: Db, event: AccessEvent): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_log (actor_user_id, actor_email, action, target_type, target_id, details)
    SELECT ${entryValues(event)} WHERE set_config('synchronous_commit', 'off', true) IS NOT NULL`);
}

/**
 * A failure that may come in floods (a password guessed over and over, a
 * forbidden page reloaded): the first one within REPEAT_WINDOW_MINUTES is a
 * row, the next ones count on it (`attempts`, `lastAt`). The table grows with
 * the number of distinct (account, address, target) per window, not with the
 * number of attempts. Two attempts at the same instant may both insert: a
 * second row, never a lost count.
 */
export async function recordRepeatedAccessEvent(db: Db, event: AccessEvent): Promise<void> {
  await db.execute(sql`
    WITH earlier AS (
      SELECT id FROM audit_log
      WHERE created_at > now() - make_interval(mins => ${REPEAT_WINDOW_MINUTES})
        AND action = ${event.action}
        AND actor_user_id IS NOT DISTINCT FROM ${event.actor.userId}
        AND actor_email = ${event.actor.email}
        AND target_id IS NOT DISTINCT FROM ${event.target.id ?? null}
        AND details->>'ip' IS NOT DISTINCT FROM ${event.details.ip}
      ORDER BY created_at DESC LIMIT 1
    ), counted AS (
      UPDATE audit_log SET details = details || jsonb_build_object(
        'attempts', coalesce((details->>'attempts')::int, 1) + 1,
        'lastAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      WHERE id IN (SELECT id FROM earlier)
      RETURNING id
    )
    INSERT INTO audit_log (actor_user_id, actor_email, action, target_type, target_id, details)
    SELECT ${entryValues(event)}
    WHERE NOT EXISTS (SELECT 1 FROM counted) AND set_config('synchronous_commit', 'off', true) IS NOT NULL`);
}
