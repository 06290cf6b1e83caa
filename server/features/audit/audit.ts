/**
 * The audit trail of admin and team actions (who, what, when), read at
 * /admin/auditoria. Never pass moods or notes here, not even in `details`.
 * Pass `companyId` whenever the action concerns a company, so the trail can be
 * filtered by company (it stays after the company is deleted).
 */
import type { AuditAction } from "#core/schemas/audit.ts";
import type { Db } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import type { Viewer } from "#server/features/auth/viewer.ts";

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
