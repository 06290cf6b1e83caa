/**
 * The count on the handler's menu entry (issue 45, docs/decisions/067): the open cases this handler may
 * see that no handler has opened yet. Opening a case is already an entry of the Registro de acessos
 * (`listening.case-view`, handler.routes.ts), so 'opened' needs no column of its own. Only cases received
 * before today count: a badge that moved the moment a case arrived would tell the handler when the person
 * wrote, finer than the day the case shows (049, 052: handlers hear of a case the next morning).
 */
import { and, count, eq, lt, notExists, notInArray, sql } from "drizzle-orm";
import { closedStatuses } from "#core/listening.ts";
import type { Db } from "#server/db/client.ts";
import { auditLog, listeningCases } from "#server/db/schema/index.ts";
import { type Handler, visibleTo } from "./case-access.ts";

export async function countNewCases(db: Db, handler: Handler, today: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(listeningCases)
    .where(
      and(
        visibleTo(handler),
        notInArray(listeningCases.status, [...closedStatuses]),
        lt(listeningCases.receivedOn, today),
        notExists(
          db
            .select({ one: sql`1` })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.targetType, "listening_case"),
                eq(auditLog.action, "listening.case-view"),
                sql`${auditLog.targetId} = ${listeningCases.id}::text`,
              ),
            ),
        ),
      ),
    );
  return row?.count ?? 0;
}
