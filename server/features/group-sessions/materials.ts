/** A session's materials as the session views list them; the files themselves go through materials.routes.ts. */
import { asc, inArray } from "drizzle-orm";
import type { Material } from "#core/schemas/group-sessions.ts";
import type { Db } from "#server/db/client.ts";
import { groupSessionMaterials } from "#server/db/schema/index.ts";

/** The materials of each session, oldest first. */
export async function materialsOf(db: Db, sessionIds: string[]): Promise<Map<string, Material[]>> {
  const result = new Map<string, Material[]>();
  if (sessionIds.length === 0) return result;
  const rows = await db
    .select({
      sessionId: groupSessionMaterials.sessionId,
      id: groupSessionMaterials.id,
      fileName: groupSessionMaterials.fileName,
      sizeBytes: groupSessionMaterials.sizeBytes,
    })
    .from(groupSessionMaterials)
    .where(inArray(groupSessionMaterials.sessionId, sessionIds))
    .orderBy(asc(groupSessionMaterials.createdAt), asc(groupSessionMaterials.id));
  for (const { sessionId, ...material } of rows) result.set(sessionId, [...(result.get(sessionId) ?? []), material]);
  return result;
}
