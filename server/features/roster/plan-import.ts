/**
 * The preview's second pass, and the apply job's first: the checked rows
 * against the company's roster now. A row is new (its CPF is not in the
 * roster, or left it), changed or unchanged; roster people missing from the
 * file are the leavers of a full file (not those named by a rejected row:
 * a typo must not make anyone leave). A matrícula held by someone else, or a
 * manager nobody has, rejects the row here.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { planDetails } from "#core/plans.ts";
import { GUARDRAIL_WINDOW_MS, guardrailReasons, type RosterField } from "#core/roster.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import type { RosterRejection } from "#core/schemas/roster.ts";
import type { Db } from "#server/db/client.ts";
import {
  type companies,
  invites,
  profiles,
  type RosterImportRow,
  riskEstablishments,
  riskSectors,
  rosterPeople,
} from "#server/db/schema/index.ts";

type RosterPersonRow = typeof rosterPeople.$inferSelect;
type Company = Omit<typeof companies.$inferSelect, "activationCode" | "workingDays">;

/** The fields a file sets; a row differing in any of them is 'changed'. */
const comparedFields = [
  "name",
  "matricula",
  "email",
  "personalEmail",
  "establishmentCnpj",
  "sectorPath",
  "managerRef",
  "jobTitle",
  "admittedOn",
] as const satisfies (keyof RosterImportRow & keyof RosterPersonRow)[];

export type ImportPlan = {
  created: (RosterImportRow & { userId: string | null; rejoining: string | null })[];
  changed: (RosterImportRow & { id: string; userId: string | null; previousEmail: string | null })[];
  unchanged: number;
  leavers: RosterPersonRow[];
  /** Rejections found against the roster; `column` is the field, the route names the file's column. */
  rejections: (Omit<RosterRejection, "column"> & { field: RosterField })[];
  matriculaChanges: number;
  active: number;
  /** People who left in the guardrail's window (24 h) before this plan. */
  leftRecently: number;
  invites: number;
  awaitingActivation: number;
  structure: { establishments: string[]; sectors: { cnpj: string | null; path: string }[] };
  seats: { used: number; afterChanges: number; afterFull: number; limit: number; label: string };
  guardrail: ("leaving" | "matricula")[];
};

function sectorPathsOf(sectors: { id: string; parentId: string | null; name: string }[]): Map<string, string> {
  const byId = new Map(sectors.map((sector) => [sector.id, sector]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, depth = 0): string => {
    const known = paths.get(id);
    if (known) return known;
    const sector = byId.get(id);
    if (!sector) return "";
    const parent = sector.parentId && depth < 20 ? pathOf(sector.parentId, depth + 1) : "";
    const path = parent ? `${parent}/${sector.name}` : sector.name;
    paths.set(id, path);
    return path;
  };
  for (const sector of sectors) pathOf(sector.id);
  return paths;
}

/** The company's establishments and the path of each sector ('Operações/Atendimento'), for matching and creating. */
export async function readStructure(db: Db, companyId: string) {
  const [establishments, sectors] = await Promise.all([
    db.select().from(riskEstablishments).where(eq(riskEstablishments.companyId, companyId)),
    db
      .select({
        id: riskSectors.id,
        parentId: riskSectors.parentId,
        name: riskSectors.name,
        establishmentId: riskSectors.establishmentId,
      })
      .from(riskSectors)
      .where(eq(riskSectors.companyId, companyId)),
  ]);
  const paths = sectorPathsOf(sectors);
  /** `${establishmentId}|${lower(path)}` → sector id. */
  const sectorByPath = new Map(
    sectors.map((sector) => [`${sector.establishmentId}|${(paths.get(sector.id) ?? "").toLowerCase()}`, sector.id]),
  );
  return { establishments, sectorByPath };
}

/**
 * The guardrail's window (docs/decisions/057): the company's current people and those who left in the
 * last 24 hours, who count with the next departures against the company as it was before they left.
 */
export async function departuresInWindow(db: Db, companyId: string, now: Date) {
  const since = new Date(now.getTime() - GUARDRAIL_WINDOW_MS);
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${rosterPeople.leftAt} is null)::int`,
      leftRecently: sql<number>`count(*) filter (where ${rosterPeople.leftAt} > ${since.toISOString()}::timestamptz)::int`,
    })
    .from(rosterPeople)
    .where(eq(rosterPeople.companyId, companyId));
  return { active: row?.active ?? 0, leftRecently: row?.leftRecently ?? 0 };
}

/** The establishment a row's sector belongs to: its CNPJ, or the company's only one. */
function establishmentCnpjOf(row: RosterImportRow, onlyCnpj: string | null): string | null {
  return row.establishmentCnpj ?? (row.sectorPath ? onlyCnpj : null);
}

export async function planImport(
  db: Db,
  company: Company,
  rows: RosterImportRow[],
  named: { cpfHashes: Set<string>; matriculas: Set<string> },
  now: Date,
): Promise<ImportPlan> {
  const [roster, members, pendingInvites, structure] = await Promise.all([
    db.select().from(rosterPeople).where(eq(rosterPeople.companyId, company.id)),
    db
      .select({ userId: profiles.userId, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.companyId, company.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invites)
      .where(and(eq(invites.companyId, company.id), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`))),
    readStructure(db, company.id),
  ]);
  const active = roster.filter((person) => !person.leftAt);
  const byCpf = new Map(roster.map((person) => [person.cpfHash, person]));
  const activeByMatricula = new Map(active.map((person) => [person.matricula, person]));
  const linkedUsers = new Set(
    roster.filter((person) => person.userId && !person.leftAt).map((person) => person.userId),
  );
  const memberByEmail = new Map(
    members
      .filter((member) => !linkedUsers.has(member.userId))
      .map((member) => [member.email.toLowerCase(), member.userId]),
  );
  const managerRefs = new Set<string>();
  for (const person of [...active, ...rows]) {
    managerRefs.add(person.matricula.toLowerCase());
    if (person.email) managerRefs.add(person.email);
  }
  const knownCnpjs = new Set(structure.establishments.map((establishment) => establishment.cnpj));
  const onlyCnpj = structure.establishments.length === 1 ? (structure.establishments[0]?.cnpj ?? null) : null;
  const fileCnpjs = new Set(rows.flatMap((row) => (row.establishmentCnpj ? [row.establishmentCnpj] : [])));
  const soleCnpj = onlyCnpj ?? (knownCnpjs.size === 0 && fileCnpjs.size === 1 ? ([...fileCnpjs][0] ?? null) : null);

  const plan: ImportPlan = {
    created: [],
    changed: [],
    unchanged: 0,
    leavers: [],
    rejections: [],
    matriculaChanges: 0,
    active: active.length,
    leftRecently: 0,
    invites: 0,
    awaitingActivation: 0,
    structure: { establishments: [], sectors: [] },
    seats: { used: 0, afterChanges: 0, afterFull: 0, limit: 0, label: "" },
    guardrail: [],
  };
  const reject = (row: RosterImportRow, field: RosterField, reason: string) =>
    plan.rejections.push({ line: row.line, field, reason });
  const newEstablishments = new Set<string>();
  const newSectors = new Map<string, { cnpj: string | null; path: string }>();
  const establishmentIdByCnpj = new Map(structure.establishments.map((e) => [e.cnpj, e.id]));

  for (const row of rows) {
    const existing = byCpf.get(row.cpfHash);
    const holder = activeByMatricula.get(row.matricula);
    if (holder && holder.cpfHash !== row.cpfHash) {
      reject(row, "matricula", rosterMessages.matriculaTaken);
      continue;
    }
    if (row.managerRef && !managerRefs.has(row.managerRef)) {
      reject(row, "gestor", rosterMessages.managerUnknown);
      continue;
    }
    const cnpj = establishmentCnpjOf(row, soleCnpj);
    if (row.sectorPath && !cnpj) {
      reject(row, "setor", rosterMessages.establishmentMissing);
      continue;
    }
    if (cnpj && !knownCnpjs.has(cnpj)) newEstablishments.add(cnpj);
    if (cnpj && row.sectorPath) {
      // Every level of the path that does not exist yet is created; nothing existing moves (decision 026).
      const names = row.sectorPath.split("/");
      for (let depth = 1; depth <= names.length; depth++) {
        const path = names.slice(0, depth).join("/");
        const establishmentId = establishmentIdByCnpj.get(cnpj);
        const exists = establishmentId && structure.sectorByPath.has(`${establishmentId}|${path.toLowerCase()}`);
        if (!exists) newSectors.set(`${cnpj}|${path.toLowerCase()}`, { cnpj, path });
      }
    }
    const resolved = { ...row, establishmentCnpj: cnpj };
    if (!existing || existing.leftAt) {
      const userId = resolved.email ? (memberByEmail.get(resolved.email) ?? null) : null;
      plan.created.push({ ...resolved, userId, rejoining: existing?.id ?? null });
      if (!userId && resolved.email) plan.invites += 1;
      if (!userId && !resolved.email) plan.awaitingActivation += 1;
      continue;
    }
    if (existing.matricula !== row.matricula) plan.matriculaChanges += 1;
    if (comparedFields.some((field) => (existing[field] ?? null) !== (resolved[field] ?? null))) {
      plan.changed.push({ ...resolved, id: existing.id, userId: existing.userId, previousEmail: existing.email });
    } else plan.unchanged += 1;
  }
  const inFile = new Set(rows.map((row) => row.cpfHash));
  plan.leavers = active.filter(
    (person) =>
      !inFile.has(person.cpfHash) && !named.cpfHashes.has(person.cpfHash) && !named.matriculas.has(person.matricula),
  );
  plan.structure = { establishments: [...newEstablishments], sectors: [...newSectors.values()] };

  // Seats (docs/decisions/009): members, pending invites and people awaiting activation.
  const awaiting = active.filter((person) => !person.userId && !person.email).length;
  const used = members.length + (pendingInvites[0]?.n ?? 0) + awaiting;
  const joining = plan.created.filter((row) => !row.userId).length;
  const { memberLimit, label } = planDetails[company.plan];
  plan.seats = {
    used,
    afterChanges: used + joining,
    afterFull: Math.max(0, used + joining - plan.leavers.length),
    limit: memberLimit,
    label,
  };
  // Departures over the window, not this file alone (docs/decisions/057): those who left in the last
  // 24 hours count with this file's leavers, against the company as it was before they left.
  const windowStart = now.getTime() - GUARDRAIL_WINDOW_MS;
  plan.leftRecently = roster.filter((person) => person.leftAt && person.leftAt.getTime() > windowStart).length;
  plan.guardrail = guardrailReasons({
    active: active.length + plan.leftRecently,
    leaving: plan.leftRecently + plan.leavers.length,
    matriculaChanges: plan.matriculaChanges,
  });
  return plan;
}
