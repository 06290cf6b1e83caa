/**
 * The stored files a company's rows point at: the Canal de escuta's
 * attachments (docs/decisions/052), the NR-1 action evidence and
 * participation records' files (030), and the materials of the company's own
 * group sessions (024). Deleting a company cascades to those rows; its files
 * are then removed from storage, after the commit, as the retention jobs do:
 * a file whose removal fails is unreachable, never a row pointing at nothing.
 * The published NR-1 inventories are kept 20 years and hold no file.
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#server/db/client.ts";

export async function companyFileKeys(tx: Db, companyId: string): Promise<string[]> {
  const rows = rowsOf<{ key: string | null }>(
    await tx.execute(sql`
      SELECT a.storage_key AS key FROM listening_attachments a
        JOIN listening_cases c ON c.id = a.case_id WHERE c.company_id = ${companyId}
      UNION ALL
      SELECT f->>'key' FROM risk_actions r CROSS JOIN LATERAL jsonb_array_elements(r.evidence_files) f
        WHERE r.company_id = ${companyId}
      UNION ALL
      SELECT f->>'key' FROM risk_participation_records r CROSS JOIN LATERAL jsonb_array_elements(r.files) f
        WHERE r.company_id = ${companyId}
      UNION ALL
      SELECT m.storage_key FROM group_session_materials m
        JOIN group_sessions s ON s.id = m.session_id WHERE s.company_id = ${companyId}`),
  );
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
