/**
 * Evidence files stored before docs/decisions/030 sit at
 * `media/evidencia-<uuid>.<ext>`, a path the storage once served to anyone
 * with the link (an S3 bucket's public policy still covers `media/*`). At
 * start this copies each one into the private evidence folder under the same
 * uuid, points its row at the new key (dropping the stored public url), then
 * deletes the old object. Safe to run again or in two processes at once: a
 * copy already there is kept, and a row changes only while it lists the old key.
 */
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, rowsOf } from "#server/db/client.ts";
import { riskActions, riskParticipationRecords } from "#server/db/schema/index.ts";
import { EVIDENCE_FOLDER, LEGACY_EVIDENCE_PREFIX, type Storage } from "#server/storage/storage.ts";
import { filesHold } from "./evidence-file.ts";

const lists = [
  { table: riskActions, column: riskActions.evidenceFiles, id: riskActions.id },
  { table: riskParticipationRecords, column: riskParticipationRecords.files, id: riskParticipationRecords.id },
] as const;

/** Copies `from` to `to` unless `to` is already there; false when neither exists (the file was lost). */
async function copyOnce(storage: Storage, from: string, to: string): Promise<boolean> {
  const exists = (key: string) =>
    storage.get(key).then(
      (body) => {
        body.destroy();
        return true;
      },
      () => false,
    );
  if (await exists(to)) return true;
  const body = await storage.get(from).catch(() => null);
  if (!body) return false;
  const extension = from.split(".").pop();
  await storage.put(
    to,
    body,
    extension === "pdf" ? "application/pdf" : `image/${extension === "jpg" ? "jpeg" : extension}`,
  );
  return true;
}

/** Moves every legacy evidence file; returns how many rows now point at the private copy. */
export async function moveLegacyEvidence(db: Db, storage: Storage, log: FastifyBaseLogger): Promise<number> {
  let moved = 0;
  for (const { table, column, id } of lists) {
    const rows = await db
      .select({ id, files: column })
      .from(table)
      .where(sql`${column}::text like ${`%"${LEGACY_EVIDENCE_PREFIX}%`}`);
    for (const row of rows) {
      for (const { key } of row.files.filter((file) => file.key.startsWith(LEGACY_EVIDENCE_PREFIX))) {
        const fresh = `${EVIDENCE_FOLDER}/${key.slice(LEGACY_EVIDENCE_PREFIX.length)}`;
        if (!(await copyOnce(storage, key, fresh))) {
          log.warn({ key }, "legacy evidence file missing from storage: left listed as it is");
          continue;
        }
        const updated = rowsOf(
          await db.execute(sql`update ${table} set ${sql.identifier(column.name)} = (
              select jsonb_agg(case when f->>'key' = ${key}
                then jsonb_build_object('key', ${fresh}::text, 'name', f->'name') else f end)
              from jsonb_array_elements(${column}) f)
            where ${id} = ${row.id} and ${filesHold(column, key)} returning 1`),
        ).length;
        moved += updated;
        // The file was removed from its row meanwhile (or the row deleted): the copy goes too, unless another process moved it.
        if (!updated) {
          const [holder] = await db
            .select({ id })
            .from(table)
            .where(sql`${id} = ${row.id} and ${filesHold(column, fresh)}`);
          if (!holder) await storage.remove(fresh).catch(() => {});
        }
        await storage.remove(key).catch((error: unknown) => log.warn({ err: error, key }, "legacy evidence remove"));
      }
    }
  }
  if (moved) log.info({ moved }, "legacy evidence files moved out of the public media folder");
  return moved;
}
