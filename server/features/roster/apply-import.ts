/**
 * The `roster-import` job: applies a previewed import. It plans again
 * against the roster as it is now (so a second run, or the same file twice,
 * finds everything unchanged and writes nothing), applies the plan
 * (apply-plan.ts, the HR API's path too) and counts `rows_done` after each
 * batch for the progress bar.
 */
import { eq } from "drizzle-orm";
import { companies, type RosterImportResult, rosterImports } from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import type { JobContext } from "#server/jobs/runner.ts";
import { applyPlan, inviterOf, transaction } from "./apply-plan.ts";
import { planImport } from "./plan-import.ts";

export const ROSTER_IMPORT_JOB = "roster-import";

export async function runRosterImport(
  { db, now, job }: JobContext,
  onInvites: () => void,
): Promise<RosterImportResult | null> {
  const importId = String(job.payload?.importId ?? "");
  const [run] = await db.select().from(rosterImports).where(eq(rosterImports.id, importId));
  if (!run || run.status === "done" || run.status === "previewed") return null;
  const [company] = await db.select().from(companies).where(eq(companies.id, run.companyId));
  if (!company) return null;
  await db.update(rosterImports).set({ status: "running", rowsDone: 0 }).where(eq(rosterImports.id, run.id));

  const plan = await planImport(
    db,
    company,
    run.rows,
    {
      cpfHashes: new Set(run.kept.cpfHashes),
      matriculas: new Set(run.kept.matriculas),
    },
    now,
  );
  const leavers = run.mode === "full" ? plan.leavers : [];
  const total = plan.created.length + plan.changed.length + leavers.length;
  await db.update(rosterImports).set({ rowsTotal: total }).where(eq(rosterImports.id, run.id));
  let done = 0;
  const result = await applyPlan(db, {
    company,
    plan,
    leavers,
    inviter: await inviterOf(db, company, run.createdBy),
    inviteLater: job.payload?.inviteLater === true,
    now,
    onBatch: (tx, count) => {
      done += count;
      return tx.update(rosterImports).set({ rowsDone: done }).where(eq(rosterImports.id, run.id));
    },
  });

  await transaction(db, async (tx) => {
    await tx
      .update(rosterImports)
      .set({ status: "done", result, rows: [], rowsDone: total, finishedAt: now })
      .where(eq(rosterImports.id, run.id));
    await writeAudit(
      tx,
      { userId: run.createdBy, email: run.createdByEmail } as { userId: string; email: string },
      "roster.import",
      {
        type: "company",
        id: company.id,
        companyId: company.id,
        details: {
          mode: run.mode,
          sha256: run.fileSha256,
          linhas: run.counts.total,
          novos: result.created,
          alterados: result.updated,
          inalterados: plan.unchanged,
          saem: result.left,
          recusados: run.counts.rejected,
          convidados: result.invited,
          convitesDepois: job.payload?.inviteLater === true,
        },
      },
    );
  });
  if (result.invited || result.left) onInvites();
  return result;
}
