/**
 * Changing the dimensions an NR-1 action should move (docs/decisions/091, 098): only while the action is
 * open (planned or under way), each id one of the instrument's, audited with the before and after. The
 * before/after of the action (action-effect.ts) reads the action's dimensions, so it follows at once.
 */
import { and, eq, sql } from "drizzle-orm";
import { effectMessages as m } from "#core/action-effect.ts";
import { instruments } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import { riskActions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";

type AuditActor = Parameters<typeof writeAudit>[1];
type Action = typeof riskActions.$inferSelect;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");

export function checkDimensions(dimensions: readonly string[] | undefined) {
  const known = new Set(instruments.flatMap((instrument) => instrument.dimensions.map((d) => d.id)));
  if (dimensions?.some((id) => !known.has(id))) throw new AppError("BAD_REQUEST", m.dimensionUnknown);
}

/** Sets an open action's dimensions with its audit entry, in the caller's transaction; false when unchanged. */
export async function changeDimensions(tx: Db, actor: AuditActor, action: Action, dimensions: readonly string[]) {
  checkDimensions(dimensions);
  if (sameSet(action.dimensions, dimensions)) return false;
  if (action.status === "concluida" || action.status === "cancelada")
    throw new AppError("CONFLICT", m.dimensionsClosed);
  const unique = [...new Set(dimensions)];
  const [row] = await tx
    .update(riskActions)
    .set({ dimensions: unique, updatedAt: sql`now()` })
    // Still open when written: a status change in between does not let a closed action's dimensions move.
    .where(and(eq(riskActions.id, action.id), sql`${riskActions.status} in ('planejada', 'em_andamento')`))
    .returning({ id: riskActions.id });
  if (!row) throw new AppError("CONFLICT", m.dimensionsClosed);
  await writeAudit(tx, actor, "risk-action.dimensions", {
    type: "risk_action",
    id: action.id,
    companyId: action.companyId,
    details: { acao: action.title, antes: action.dimensions.join(", "), depois: unique.join(", ") },
  });
  return true;
}
