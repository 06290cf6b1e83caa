/**
 * The audit trail of admin and team actions (who, what, when), read at
 * /admin/auditoria. Never pass moods or notes here, not even in `details`.
 * Pass `companyId` whenever the action concerns a company, so the trail can be
 * filtered by company (it stays after the company is deleted).
 */
import { type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "#core/schemas/audit.ts";
import type { Db } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import type { Viewer } from "#server/features/auth/index.ts";

export type { AuditAction };

export async function writeAudit(
  db: Db,
  actor: Pick<Viewer, "userId" | "email"> | { userId: null; email: string },
  action: AuditAction,
  target: {
    type: string;
    id?: string | null;
    companyId?: string | null;
    details?: Record<string, string | number | boolean | null>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action,
    targetType: target.type,
    targetId: target.id ?? null,
    companyId: target.companyId ?? null,
    details: target.details ?? null,
  });
}

export type ReadAction = Extract<AuditAction, "summary.view" | "report.view" | "report.export">;

/**
 * The entries of managers' and admins' reads of team figures (the dashboard,
 * a report, its CSV), as one part of a larger statement
 * (server/features/reports/audited-read.ts): recorded as writeAudit does,
 * without making the reader wait until the entry reaches the disk
 * (synchronous_commit off for that one transaction). A crash within a
 * fraction of a second of a read may lose that read's entry; nothing else
 * changes (docs/decisions/021). `entries` is a FROM item with the columns
 * actor_user_id, actor_email, action, target_type, target_id, company_id and
 * details.
 */
export function readEntriesSql(entries: SQL): SQL {
  return sql`
    INSERT INTO audit_log (actor_user_id, actor_email, action, target_type, target_id, company_id, details)
    SELECT actor_user_id, actor_email, action, target_type, target_id, company_id, details FROM ${entries}
    WHERE set_config('synchronous_commit', 'off', true) IS NOT NULL`;
}
