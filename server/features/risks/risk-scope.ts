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
