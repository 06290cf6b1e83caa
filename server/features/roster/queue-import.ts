/**
 * Applying a previewed import, for the upload screen and the HR API's sync
 * alike: plan again (the roster may have changed since the preview), check
 * the plan's seats and the full file's guardrail (40 % leaving, 5 % of
 * matrículas changing: a typed CONFIRMAR), then queue the `roster-import`
 * job. One import at a time per company (a row lock; a second is a 409).
 */
import { and, eq, inArray } from "drizzle-orm";
import { GUARDRAIL_PHRASE } from "#core/roster.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import type { RosterMode } from "#core/schemas/roster.ts";
import { planLimitMessage } from "#core/team-messages.ts";
import type { Db } from "#server/db/client.ts";
import { rosterImports } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import type { Company } from "#server/features/auth/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { ROSTER_IMPORT_JOB } from "./apply-import.ts";
import { planImport } from "./plan-import.ts";
import type { Importer } from "./preview-import.ts";

export type RosterImportRun = typeof rosterImports.$inferSelect;

export function importView(run: RosterImportRun) {
  return {
    id: run.id,
    fileName: run.fileName,
    status: run.status,
    mode: run.mode,
    rowsDone: run.rowsDone,
    rowsTotal: run.rowsTotal,
    counts: run.counts,
    result: run.result,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function queueImport(
  db: Db,
  {
    company,
    run,
    mode,
    confirmation,
    inviteLater = false,
    importer,
    now,
  }: {
    company: Company;
    run: RosterImportRun;
    mode: RosterMode;
    confirmation: string | undefined;
    inviteLater?: boolean;
    importer: Importer;
    now: Date;
  },
): Promise<RosterImportRun> {
  if (run.status !== "previewed") throw new AppError("CONFLICT", rosterMessages.importAlreadyApplied);
  const kept = { cpfHashes: new Set(run.kept.cpfHashes), matriculas: new Set(run.kept.matriculas) };
  const plan = await planImport(db, company, run.rows, kept, now);
  const after = mode === "full" ? plan.seats.afterFull : plan.seats.afterChanges;
  if (after > plan.seats.limit && after > plan.seats.used)
    throw new AppError("CONFLICT", planLimitMessage(plan.seats.limit, plan.seats.label));
  if (mode === "full" && plan.guardrail.length > 0) {
    if (!confirmation) throw new AppError("CONFLICT", rosterMessages.confirmationRequired);
    if (confirmation.trim() !== GUARDRAIL_PHRASE) throw new AppError("VALIDATION", rosterMessages.confirmationWrong);
  }
  return db.transaction(async (tx) => {
    const [busy] = await tx
      .select({ id: rosterImports.id })
      .from(rosterImports)
      .where(and(eq(rosterImports.companyId, company.id), inArray(rosterImports.status, ["queued", "running"])))
      .for("update");
    if (busy) throw new AppError("CONFLICT", rosterMessages.importRunning);
    const [updated] = await tx
      .update(rosterImports)
      .set({ status: "queued", mode, createdBy: importer.userId, createdByEmail: importer.email })
      .where(and(eq(rosterImports.id, run.id), eq(rosterImports.status, "previewed")))
      .returning();
    if (!updated) throw new AppError("CONFLICT", rosterMessages.importAlreadyApplied);
    await enqueueJob(tx as never, {
      name: ROSTER_IMPORT_JOB,
      key: run.id,
      runAt: now,
      // 'Convidar depois' travels with the job (docs/decisions/058): the import's row needs no new column.
      payload: { importId: run.id, ...(inviteLater ? { inviteLater: true } : {}) },
      maxAttempts: 3,
    });
    return updated;
  });
}
