/**
 * Who a session is for (docs/decisions/024, "Audience by sector"): the whole
 * company, the platform, or chosen sectors of the company, each with the
 * sectors below it (a GHE inside a setor). A person's sector is the one the
 * manager assigned in /team (risk_sector_members).
 */
import { and, eq, inArray } from "drizzle-orm";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import type { Db } from "#server/db/client.ts";
import { type GroupSessionRow, groupSessionSectors, riskSectorMembers, riskSectors } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { subtreeOf } from "#server/features/risks/index.ts";

type Sector = { id: string; parentId: string | null };

/** The sessions of `sessions` a person of `companyId` (in `personSector`, or none) is in the audience of. */
export async function inAudience(
  db: Db,
  sessions: GroupSessionRow[],
  person: { userId: string; companyId: string },
): Promise<Set<string>> {
  const bySectors = sessions.filter((session) => session.audience === "sectors");
  const result = new Set(
    sessions
      .filter(
        (session) =>
          session.audience === "platform" || (session.audience === "company" && session.companyId === person.companyId),
      )
      .map((session) => session.id),
  );
  if (bySectors.length === 0) return result;
  const [mine] = await db
    .select({ sectorId: riskSectorMembers.sectorId })
    .from(riskSectorMembers)
    .where(and(eq(riskSectorMembers.userId, person.userId), eq(riskSectorMembers.companyId, person.companyId)));
  if (!mine) return result;
  const [chosen, sectors] = await Promise.all([
    db
      .select()
      .from(groupSessionSectors)
      .where(
        inArray(
          groupSessionSectors.sessionId,
          bySectors.map((session) => session.id),
        ),
      ),
    db
      .select({ id: riskSectors.id, parentId: riskSectors.parentId })
      .from(riskSectors)
      .where(eq(riskSectors.companyId, person.companyId)),
  ]);
  for (const session of bySectors) {
    if (session.companyId !== person.companyId) continue;
    const roots = chosen.filter((row) => row.sessionId === session.id).map((row) => row.sectorId);
    if (subtreeOf(sectors as Sector[], roots).has(mine.sectorId)) result.add(session.id);
  }
  return result;
}

/** Checks that every chosen sector is the company's; returns them without repeats. */
export async function companySectorIds(db: Db, companyId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: riskSectors.id })
    .from(riskSectors)
    .where(and(eq(riskSectors.companyId, companyId), inArray(riskSectors.id, unique)));
  if (found.length !== unique.length) throw new AppError("VALIDATION", m.sectorNotFound, { field: "sectorIds" });
  return unique;
}

/** The chosen sectors' names per session, for the manager's view. */
export async function sectorsOf(db: Db, sessionIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const result = new Map<string, { id: string; name: string }[]>();
  if (sessionIds.length === 0) return result;
  const rows = await db
    .select({ sessionId: groupSessionSectors.sessionId, id: riskSectors.id, name: riskSectors.name })
    .from(groupSessionSectors)
    .innerJoin(riskSectors, eq(riskSectors.id, groupSessionSectors.sectorId))
    .where(inArray(groupSessionSectors.sessionId, sessionIds))
    .orderBy(riskSectors.name);
  for (const row of rows) result.set(row.sessionId, [...(result.get(row.sessionId) ?? []), row]);
  return result;
}
