/**
 * A file's preview, shared by 'Importar pessoas' (a person's upload) and the
 * HR API's sync (a key's upload): read, check each row, plan against the
 * roster, and keep the checked rows (CPF already hashed) as a `previewed`
 * import. Nothing about people is written.
 */
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { missingRequiredFields, type RosterMapping, rosterFieldLabels, suggestMapping } from "#core/roster.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import { rosterMappingSchema } from "#core/schemas/roster.ts";
import type { Db } from "#server/db/client.ts";
import { rosterImports } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import type { Company } from "#server/features/auth/index.ts";
import { checkRows, columnName } from "./check-rows.ts";
import { planImport } from "./plan-import.ts";
import { readSheet } from "./read-sheet.ts";

export const FILE_MAX_BYTES = 10 * 1024 * 1024;
const PREVIEW_REJECTIONS = 200;

export type ImportFile = { bytes: Buffer; name: string; fields: Record<string, string> };
/** Who imports: a person, or an HR API key (`userId` null, `email` its label). */
export type Importer = { userId: string | null; email: string };

export async function receiveFile(request: FastifyRequest): Promise<ImportFile> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", rosterMessages.fileMissing);
  let file: { bytes: Buffer; name: string } | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts({
    limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 10_000 },
  })) {
    if (part.type === "file") file = { bytes: await part.toBuffer(), name: part.filename };
    else fields[part.fieldname] = String(part.value);
  }
  if (!file || file.bytes.length === 0) throw new AppError("BAD_REQUEST", rosterMessages.fileMissing);
  if (file.bytes.length > FILE_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", rosterMessages.fileTooLarge);
  const name = (file.name || "pessoas.csv").replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 120) || "pessoas.csv";
  return { bytes: file.bytes, name, fields };
}

function mappingFrom(field: string | undefined, headers: string[]): RosterMapping {
  if (!field) return suggestMapping(headers);
  let parsed: unknown;
  try {
    parsed = JSON.parse(field);
  } catch {
    throw new AppError("VALIDATION", rosterMessages.mappingInvalid);
  }
  const result = rosterMappingSchema.safeParse(parsed);
  if (!result.success || Object.values(result.data).some((index) => index !== undefined && index >= headers.length))
    throw new AppError("VALIDATION", rosterMessages.mappingInvalid);
  return result.data as RosterMapping;
}

export async function previewImport(
  db: Db,
  cpfKey: Buffer,
  { company, importer, file, now }: { company: Company; importer: Importer; file: ImportFile; now: Date },
) {
  const sheet = await readSheet(file.bytes);
  const mapping = mappingFrom(file.fields.mapping, sheet.headers);
  const missing = missingRequiredFields(mapping);
  if (missing.length)
    throw new AppError(
      "VALIDATION",
      `Escolha a coluna de: ${missing.map((field) => rosterFieldLabels[field]).join(", ")}.`,
    );
  const checked = checkRows(sheet, mapping, cpfKey);
  const plan = await planImport(db, company, checked.rows, checked.named, now);
  const rejectedLines = new Set(plan.rejections.map((rejection) => rejection.line));
  const rejections = [
    ...checked.rejections,
    ...plan.rejections.map(({ field, ...rest }) => ({ ...rest, column: columnName(sheet.headers, mapping, field) })),
  ].sort((a, b) => a.line - b.line);
  const rows = checked.rows.filter((row) => !rejectedLines.has(row.line));
  const rejectedRows = checked.rows.filter((row) => rejectedLines.has(row.line));
  const counts = {
    total: sheet.rows.length,
    new: plan.created.length,
    changed: plan.changed.length,
    unchanged: plan.unchanged,
    leaving: plan.leavers.length,
    rejected: rejections.length,
  };
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const validHashes = new Set(rows.map((row) => row.cpfHash));
  const [run] = await db
    .insert(rosterImports)
    .values({
      companyId: company.id,
      createdBy: importer.userId,
      createdByEmail: importer.email,
      fileName: file.name,
      fileSha256: sha256,
      mapping,
      rows,
      rejections,
      kept: {
        cpfHashes: [...checked.named.cpfHashes].filter((hash) => !validHashes.has(hash)),
        matriculas: [...checked.named.matriculas, ...rejectedRows.map((row) => row.matricula)],
      },
      counts,
    })
    .returning({ id: rosterImports.id });
  if (!run) throw new Error("roster import insert returned nothing");
  return {
    id: run.id,
    fileName: file.name,
    sha256,
    counts,
    rejections: rejections.slice(0, PREVIEW_REJECTIONS),
    invites: plan.invites,
    awaitingActivation: plan.awaitingActivation,
    structure: { establishments: plan.structure.establishments.length, sectors: plan.structure.sectors.length },
    plan: {
      label: plan.seats.label,
      limit: plan.seats.limit,
      used: plan.seats.used,
      afterChanges: plan.seats.afterChanges,
      afterFull: plan.seats.afterFull,
    },
    guardrail: {
      active: plan.active + plan.leftRecently,
      leftRecently: plan.leftRecently,
      matriculaChanges: plan.matriculaChanges,
      reasons: plan.guardrail,
    },
  };
}
