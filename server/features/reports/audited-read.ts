/**
 * Who reads a company's figures, about which company, with the read's audit
 * entry: for a caller an earlier request of this session read
 * (server/features/auth/recent-viewers.ts), all three in one statement that
 * checks the caller again and writes the entry only if they still hold; for
 * anyone else, or when they no longer hold, from the database as every route
 * does (docs/decisions/021). The entry is written before the figures are
 * computed: a read that then fails is still recorded as attempted.
 */

import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { messages } from "#core/messages.ts";
import { executePrepared, rowsOf } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { type ReadAction, readEntrySql, recordRead } from "#server/features/audit/audit.ts";
import {
  forgetRecentViewer,
  recentViewer,
  rememberedCallerHolds,
  requireRole,
  type Viewer,
} from "#server/features/auth/viewer.ts";
import { type Company, companyScope, scopedCompanyId } from "#server/features/teams/company-scope.ts";

const READERS: Viewer["role"][] = ["manager", "admin"];

export async function auditedRead(
  request: FastifyRequest,
  action: ReadAction,
  requestedCompanyId: string | undefined,
  details?: Record<string, string>,
): Promise<{ viewer: Viewer; company: Company }> {
  const { db } = request.server.deps;
  const recent = recentViewer(request);
  if (recent && READERS.includes(recent.viewer.role)) {
    const { viewer, token } = recent;
    const companyId = safely(() => scopedCompanyId(viewer, requestedCompanyId));
    if (companyId) {
      const target = { type: "company", id: companyId, companyId, details };
      const [row] = rowsOf<{
        holds: boolean;
        id: string | null;
        name: string;
        plan: Company["plan"];
        timezone: string;
        created_at: string | Date;
        member_count: number;
      }>(
        await executePrepared(
          db,
          sql`
          WITH caller AS (SELECT ${rememberedCallerHolds(token, viewer)} AS holds),
          company AS (
            SELECT id, name, plan, timezone, created_at, member_count FROM companies
            WHERE id = ${companyId}::uuid AND (SELECT holds FROM caller)
          ), audited AS (${readEntrySql(viewer, action, target, sql`EXISTS (SELECT 1 FROM company)`)})
          SELECT caller.holds, company.* FROM caller LEFT JOIN company ON true`,
        ),
      );
      if (row?.holds) {
        if (!row.id) throw new AppError("NOT_FOUND", messages.companyNotFound);
        const company = {
          id: row.id,
          name: row.name,
          plan: row.plan,
          timezone: row.timezone,
          createdAt: new Date(row.created_at),
          memberCount: row.member_count,
        };
        return { viewer, company };
      }
    }
    forgetRecentViewer(request, token);
  }
  const viewer = await requireRole(request, ...READERS);
  const company = await companyScope(db, viewer, requestedCompanyId);
  await recordRead(db, viewer, action, { type: "company", id: company.id, companyId: company.id, details });
  return { viewer, company };
}

/** A remembered caller's refusal is not final: the database decides. */
function safely<T>(rule: () => T): T | null {
  try {
    return rule();
  } catch {
    return null;
  }
}
