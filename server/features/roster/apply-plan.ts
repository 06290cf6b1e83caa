/**
 * The one place a plan (plan-import.ts) reaches the roster: the import job
 * applies a file's plan, the HR API a plan of one row (PUT) or of one leaver
 * (DELETE), so a person made by the API and by a file follow the same rules.
 * It creates the missing establishments and sectors (never moving one:
 * decision 026), writes people in batches (write-people.ts) with their
 * invitations, and takes leavers out of the company, calling `onBatch`
 * after each batch (the job's progress bar).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatCnpj } from "#core/cnpj.ts";
import type { Db } from "#server/db/client.ts";
import {
  type companies,
  invites,
  profiles,
  type RosterImportResult,
  riskEstablishments,
  riskSectorMembers,
  riskSectors,
  rosterPeople,
} from "#server/db/schema/index.ts";
import { insertInvitesInBulk } from "#server/features/invites/index.ts";
import { detachFromCompany } from "#server/features/teams/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { type ImportPlan, readStructure } from "./plan-import.ts";
import { insertRosterPeople, PEOPLE_BATCH } from "./write-people.ts";

export const LEAVER_MAIL_JOB = "roster-leaver-mail";

type Company = typeof companies.$inferSelect;
type RosterPersonRow = typeof rosterPeople.$inferSelect;

export const transaction = <T>(db: Db, work: (tx: Db) => Promise<T>) => db.transaction((t) => work(t));

/** Creates what the plan names and returns `${establishmentId}|${lower(path)}` → sector id and CNPJ → establishment id. */
async function ensureStructure(db: Db, companyId: string, plan: Pick<ImportPlan, "structure">) {
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

/** Who invitations name as inviting: the person who applied, or the company (an HR API key). */
export async function inviterOf(db: Db, company: Company, userId: string | null) {
  const [inviter] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.userId, userId ?? ""));
  return { userId, name: inviter?.name ?? company.name };
}

export async function applyPlan(
  db: Db,
  {
    company,
    plan,
    leavers,
    inviter,
    inviteLater = false,
    now,
    onBatch = async () => {},
  }: {
    company: Company;
    plan: Pick<ImportPlan, "created" | "changed" | "structure">;
    /** The plan's leavers in a full file, none otherwise; or the one person the API's DELETE names. */
    leavers: RosterPersonRow[];
    inviter: { userId: string | null; name: string };
    /** 'Convidar depois': the invitations are written but wait to be sent (docs/decisions/058). */
    inviteLater?: boolean;
    now: Date;
    onBatch?: (tx: Db, count: number) => Promise<unknown>;
  },
): Promise<RosterImportResult> {
  const { sectorByPath, establishmentByCnpj } = await ensureStructure(db, company.id, plan);
  const placeOf = (row: { establishmentCnpj: string | null; sectorPath: string | null }) => {
    const establishmentId = row.establishmentCnpj ? (establishmentByCnpj.get(row.establishmentCnpj) ?? null) : null;
    const sectorId =
      establishmentId && row.sectorPath
        ? (sectorByPath.get(`${establishmentId}|${row.sectorPath.toLowerCase()}`) ?? null)
        : null;
    return { establishmentId, sectorId };
  };
  const result: RosterImportResult = { created: 0, updated: 0, left: 0, invited: 0, awaitingActivation: 0 };

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
          inviter,
          people: toInvite.map((row) => ({ name: row.name, email: row.email as string })),
          later: inviteLater,
        },
        now,
      );
      result.awaitingActivation += batch.filter((row) => !row.userId && !row.email).length;
      await assignSectors(tx, company.id, people);
      await onBatch(tx, batch.length);
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
            { companyId: company.id, inviter, people: [{ name: row.name, email: row.email }], later: inviteLater },
            now,
          );
        }
      }
      await assignSectors(
        tx,
        company.id,
        batch.map((row) => ({ userId: row.userId, sectorId: placeOf(row).sectorId })),
      );
      await onBatch(tx, batch.length);
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
      await onBatch(tx, batch.length);
    });
    result.left += batch.length;
  }
  return result;
}
