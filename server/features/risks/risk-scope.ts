/** Loading a company's NR-1 rows by id, always inside the caller's company (a foreign id is simply not found). */
import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { riskCampaigns, riskEstablishments, riskSectors } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

export async function establishmentOf(db: Db, companyId: string, id: string, message: string) {
  const [row] = await db
    .select()
    .from(riskEstablishments)
    .where(and(eq(riskEstablishments.id, id), eq(riskEstablishments.companyId, companyId)));
  if (!row) throw new AppError("NOT_FOUND", message);
  return row;
}

export async function sectorOf(db: Db, companyId: string, id: string, message: string) {
  const [row] = await db
    .select()
    .from(riskSectors)
    .where(and(eq(riskSectors.id, id), eq(riskSectors.companyId, companyId)));
  if (!row) throw new AppError("NOT_FOUND", message);
  return row;
}

export async function campaignOf(db: Db, companyId: string, id: string, message: string) {
  const [row] = await db
    .select()
    .from(riskCampaigns)
    .where(and(eq(riskCampaigns.id, id), eq(riskCampaigns.companyId, companyId)));
  if (!row) throw new AppError("NOT_FOUND", message);
  return row;
}

/** The ids of the given sectors and every sector below them. */
export function subtreeOf(sectors: { id: string; parentId: string | null }[], roots: string[]): Set<string> {
  const result = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const sector of sectors) {
      if (sector.parentId && result.has(sector.parentId) && !result.has(sector.id)) {
        result.add(sector.id);
        grew = true;
      }
    }
  }
  return result;
}

/** The SQLSTATE of a database error, looking through drizzle's wrapping (postgres.js and PGlite both set `code`). */
export function sqlStateOf(error: unknown): string | null {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause as typeof current;
  }
  return null;
}

/**
 * Runs a write that references a sector: if the sector was deleted in between
 * (the delete holds its row lock, so the foreign key check fails after it), the
 * caller gets the sector's 404 instead of a 500.
 */
export async function whileSectorExists<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlStateOf(error) === "23503") throw new AppError("NOT_FOUND", "Setor não encontrado.");
    throw error;
  }
}
