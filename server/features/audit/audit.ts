/** The audit trail of admin and team actions (who, what, when). Never pass moods or notes here. */
import type { Db } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import type { Viewer } from "#server/features/auth/viewer.ts";

export type AuditAction =
  | "company.create"
  | "company.delete"
  | "invite.create"
  | "invite.cancel"
  | "invite.accept"
  | "member.remove"
  | "exercise.create"
  | "exercise.delete"
  | "storage.setup"
  | "summary.view"
  | "report.view"
  | "report.export";

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
