/**
 * The `roster-import` job: applies a previewed import. It plans again
 * against the roster as it is now (so a second run, or the same file twice,
 * finds everything unchanged and writes nothing), creates the missing
 * establishments and sectors (never moving one: decision 026), writes people
 * in batches (write-people.ts) with their invitations, takes the leavers out
 * of the company, and counts `rows_done` after each batch for the progress bar.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatCnpj } from "#core/cnpj.ts";
import type { Db } from "#server/db/client.ts";
import {
  companies,
  invites,
  profiles,
  type RosterImportResult,
  riskEstablishments,
  riskSectorMembers,
  riskSectors,
  rosterImports,
  rosterPeople,
} from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/audit.ts";
import { insertInvitesInBulk } from "#server/features/invites/invites.ts";
import { detachFromCompany } from "#server/features/teams/members.ts";
import { enqueueJob, type JobContext } from "#server/jobs/runner.ts";
import { type ImportPlan, planImport, readStructure } from "./plan-import.ts";
import { insertRosterPeople, PEOPLE_BATCH } from "./write-people.ts";

export const ROSTER_IMPORT_JOB = "roster-import";
export const LEAVER_MAIL_JOB = "roster-leaver-mail";

const transaction = <T>(db: Db, work: (tx: Db) => Promise<T>) => db.transaction((t) => work(t as unknown as Db));

/** Creates what the plan names and returns `${establishmentId}|${lower(path)}` → sector id and CNPJ → establishment id. */
async function ensureStructure(db: Db, companyId: string, plan: ImportPlan) {
  if (plan.structure.establishments.length) {
    await db
      .insert(riskEstablishments)
      .values(
        plan.structure.establishments.map((cnpj) => ({ companyId, cnpj, name: `Estabelecimento ${formatCnpj(cnpj)}` })),
      )
      .onConflictDoNothing();
  }
  let structure = await readStructure(db, companyId);
  const establishmentByCnpj = new Map(structure.establishments.map((e) => [e.cnpj, e.id]));
  // Parents first; each establishment's tree is changed under its row lock, as the structure routes do.
  const sectors = [...plan.structure.sectors].sort((a, b) => a.path.split("/").length - b.path.split("/").length);
  for (const cnpj of new Set(sectors.map((sector) => sector.cnpj))) {
    const establishmentId = establishmentByCnpj.get(cnpj ?? "");
    if (!establishmentId) continue;
    await transaction(db, async (tx) => {
      await tx
        .select({ id: riskEstablishments.id })
        .from(riskEstablishments)
        .where(eq(riskEstablishments.id, establishmentId))
        .for("update");
      const known = (await readStructure(tx, companyId)).sectorByPath;
      for (const sector of sectors.filter((s) => s.cnpj === cnpj)) {
        const key = `${establishmentId}|${sector.path.toLowerCase()}`;
        if (known.has(key)) continue;
        const names = sector.path.split("/");
        const parentId =
          names.length > 1 ? known.get(`${establishmentId}|${names.slice(0, -1).join("/").toLowerCase()}`) : null;
        const [created] = await tx
          .insert(riskSectors)
          .values({
            companyId,
            establishmentId,
            parentId: parentId ?? null,
            name: names.at(-1) as string,
            kind: "setor",
          })
          .returning({ id: riskSectors.id });
        if (created) known.set(key, created.id);
      }
    });
  }
  structure = await readStructure(db, companyId);
  return {
    sectorByPath: structure.sectorByPath,
    establishmentByCnpj: new Map(structure.establishments.map((e) => [e.cnpj, e.id])),
  };
}

async function assignSectors(tx: Db, companyId: string, people: { userId: string | null; sectorId: string | null }[]) {
  const assigned = people.filter((person): person is { userId: string; sectorId: string } =>
    Boolean(person.userId && person.sectorId),
  );
  if (assigned.length === 0) return;
  await tx
    .insert(riskSectorMembers)
    .values(assigned.map((person) => ({ userId: person.userId, companyId, sectorId: person.sectorId })))
    .onConflictDoUpdate({ target: riskSectorMembers.userId, set: { sectorId: sql`excluded.sector_id`, companyId } });
}

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

  const plan = await planImport(db, company, run.rows, {
    cpfHashes: new Set(run.kept.cpfHashes),
    matriculas: new Set(run.kept.matriculas),
  });
  const leavers = run.mode === "full" ? plan.leavers : [];
  const total = plan.created.length + plan.changed.length + leavers.length;
  await db.update(rosterImports).set({ rowsTotal: total }).where(eq(rosterImports.id, run.id));
  const { sectorByPath, establishmentByCnpj } = await ensureStructure(db, company.id, plan);
  const placeOf = (row: { establishmentCnpj: string | null; sectorPath: string | null }) => {
    const establishmentId = row.establishmentCnpj ? (establishmentByCnpj.get(row.establishmentCnpj) ?? null) : null;
    const sectorId =
      establishmentId && row.sectorPath
        ? (sectorByPath.get(`${establishmentId}|${row.sectorPath.toLowerCase()}`) ?? null)
        : null;
    return { establishmentId, sectorId };
  };
  const [inviter] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.userId, run.createdBy ?? ""));
  const inviterRef = { userId: run.createdBy, name: inviter?.name ?? company.name };
  const result: RosterImportResult = { created: 0, updated: 0, left: 0, invited: 0, awaitingActivation: 0 };
  let done = 0;
  const progress = (tx: Db, count: number) => {
    done += count;
    return tx.update(rosterImports).set({ rowsDone: done }).where(eq(rosterImports.id, run.id));
  };

  for (let start = 0; start < plan.created.length; start += PEOPLE_BATCH) {
    const batch = plan.created.slice(start, start + PEOPLE_BATCH);
    await transaction(db, async (tx) => {
      const people = batch.map(({ line: _line, rejoining: _r, ...row }) => ({
        ...row,
        companyId: company.id,
        ...placeOf(row),
      }));
      await insertRosterPeople(tx, people);
      const toInvite = batch.filter((row) => !row.userId && row.email);
      result.invited += await insertInvitesInBulk(
        tx,
        {
          companyId: company.id,
          inviter: inviterRef,
          people: toInvite.map((row) => ({ name: row.name, email: row.email as string })),
        },
        now,
      );
      result.awaitingActivation += batch.filter((row) => !row.userId && !row.email).length;
      await assignSectors(tx, company.id, people);
      await progress(tx, batch.length);
    });
    result.created += batch.length;
  }

  for (let start = 0; start < plan.changed.length; start += PEOPLE_BATCH) {
    const batch = plan.changed.slice(start, start + PEOPLE_BATCH);
    await transaction(db, async (tx) => {
      for (const { line: _line, id, userId, previousEmail, ...row } of batch) {
        await tx
          .update(rosterPeople)
          .set({ ...row, ...placeOf(row), updatedAt: sql`now()` })
          .where(eq(rosterPeople.id, id));
        // A new corporate address of someone not yet in: the invitation goes there instead.
        if (!userId && row.email && row.email !== previousEmail) {
          result.invited += await insertInvitesInBulk(
            tx,
            { companyId: company.id, inviter: inviterRef, people: [{ name: row.name, email: row.email }] },
            now,
          );
        }
      }
      await assignSectors(
        tx,
        company.id,
        batch.map((row) => ({ userId: row.userId, sectorId: placeOf(row).sectorId })),
      );
      await progress(tx, batch.length);
    });
    result.updated += batch.length;
  }

  for (let start = 0; start < leavers.length; start += PEOPLE_BATCH) {
    const batch = leavers.slice(start, start + PEOPLE_BATCH);
    await transaction(db, async (tx) => {
      await tx
        .update(rosterPeople)
        .set({ leftAt: now, updatedAt: sql`now()` })
        .where(
          inArray(
            rosterPeople.id,
            batch.map((person) => person.id),
          ),
        );
      // Their sessions end at once, they cannot sign in, and their membership ends (decision 009).
      const userIds = batch.flatMap((person) => (person.userId ? [person.userId] : []));
      if (userIds.length) await detachFromCompany(tx, company.id, inArray(profiles.userId, userIds));
      const emails = batch.flatMap((person) => (person.email && !person.userId ? [person.email] : []));
      if (emails.length)
        await tx
          .delete(invites)
          .where(
            and(
              eq(invites.companyId, company.id),
              isNull(invites.acceptedAt),
              inArray(sql`lower(${invites.email})`, emails),
            ),
          );
      for (const person of batch.filter((p) => p.userId)) {
        await enqueueJob(tx, {
          name: LEAVER_MAIL_JOB,
          key: `${person.id}:${now.toISOString()}`,
          runAt: now,
          payload: { personId: person.id },
        });
      }
      await progress(tx, batch.length);
    });
    result.left += batch.length;
  }

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
        },
      },
    );
  });
  if (result.invited || result.left) onInvites();
  return result;
}
