/**
 * Who reads a company's figures, about which company, with the read's audit
 * entry: one statement reads the company and writes the entry, only if the
 * caller still holds when it is one an earlier request of this session read
 * (asCaller in server/features/auth/access.ts; docs/decisions/021). The
 * entry is written before the figures are computed: a read that then fails
 * is still recorded as attempted.
 *
 * Reads that arrive together share that statement (one row per read,
 * server/db/statement-batch.ts): fifty managers opening the dashboard at
 * once cost one round trip, not fifty, which is what keeps the embedded
 * database, one statement at a time, answering within its budget.
 */

import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { serverMessages } from "#core/server-messages.ts";
import { type Db, executePrepared, rowsOf } from "#server/db/client.ts";
import { batchPerDatabase, statementBatch } from "#server/db/statement-batch.ts";
import { AppError } from "#server/errors.ts";
import { type ReadAction, readEntriesSql } from "#server/features/audit/index.ts";
import {
  asCaller,
  type Company,
  companyManagerRemembered,
  recheckColumnsSql,
  type Viewer,
} from "#server/features/auth/index.ts";

/** For a route declared `access: companyManagerRemembered`: the company is the query's or body's companyId. */
export function auditedRead(
  request: FastifyRequest,
  action: ReadAction,
  details?: Record<string, string>,
): Promise<{ viewer: Viewer; company: Company }> {
  const { db } = request.server.deps;
  return asCaller(request, companyManagerRemembered, async (viewer, companyId, recheck) => {
    const token = recheck?.token ?? null;
    const found = await batchOf(db).ask({ token, viewer, companyId, action, details: details ?? null });
    if (found === undefined) return undefined;
    if (!found) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
    return { viewer, company: found };
  });
}

type Asked = {
  /** A remembered caller's session, checked again in the statement; null for a caller read from the database. */
  token: string | null;
  viewer: Viewer;
  companyId: string;
  action: ReadAction;
  details: Record<string, string> | null;
};
/** Undefined when the remembered caller no longer holds. */
type Answer = Company | null | undefined;

const batchOf = batchPerDatabase((db: Db) =>
  statementBatch<Asked, Answer>(async (batch) => {
    const byRead = new Map((await readAll(db, batch)).map((row) => [row.n, row]));
    return batch.map((_, n): Answer => {
      const row = byRead.get(n);
      if (!row?.holds) return undefined;
      if (!row.id) return null;
      return {
        id: row.id,
        name: row.name,
        plan: row.plan,
        timezone: row.company_timezone,
        createdAt: new Date(row.created_at),
        memberCount: row.member_count,
      };
    });
  }),
);

type Row = {
  n: number;
  holds: boolean;
  id: string | null;
  name: string;
  plan: Company["plan"];
  company_timezone: string;
  created_at: string | Date;
  member_count: number;
};

/** Each read's caller checked again if remembered, its company, and its audit entry where both hold: one statement, fixed text. */
async function readAll(db: Db, reads: Asked[]): Promise<Row[]> {
  const input = reads.map(({ token, viewer, companyId, action, details }, n) => ({
    n,
    token,
    user_id: viewer.userId,
    email: viewer.email,
    role: viewer.role,
    viewer_company: viewer.companyId,
    timezone: viewer.timezone,
    consent: viewer.wellbeingConsent?.version ?? null,
    company: companyId,
    action,
    details,
  }));
  const caller = (column: string) => sql.raw(`asked.${column}`);
  return rowsOf<Row>(
    await executePrepared(
      db,
      sql`
      WITH asked AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS asked(n int, token text, user_id text,
          email text, role text, viewer_company uuid, timezone text, consent text, company uuid, action text, details jsonb)
      ), checked AS (
        SELECT asked.n, asked.user_id, asked.email, asked.company, asked.action, asked.details,
          (asked.token IS NULL OR ${recheckColumnsSql({
            token: caller("token"),
            userId: caller("user_id"),
            role: caller("role"),
            companyId: caller("viewer_company"),
            timezone: caller("timezone"),
            consentVersion: caller("consent"),
          })}) AS holds
        FROM asked
      ), found AS (
        SELECT checked.n, c.id, c.name, c.plan, c.timezone AS company_timezone, c.created_at, c.member_count
        FROM checked JOIN companies c ON c.id = checked.company
        WHERE checked.holds
      ), audited AS (${readEntriesSql(sql`(
        SELECT checked.user_id AS actor_user_id, checked.email AS actor_email, checked.action,
          'company' AS target_type, checked.company::text AS target_id, checked.company AS company_id, checked.details
        FROM checked JOIN found ON found.n = checked.n) AS entry`)})
      SELECT checked.n, checked.holds, found.id, found.name, found.plan, found.company_timezone, found.created_at,
        found.member_count
      FROM checked LEFT JOIN found ON found.n = checked.n`,
    ),
  );
}
