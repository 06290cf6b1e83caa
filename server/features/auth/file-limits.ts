/**
 * How many files a person, and a company, may have built or received per
 * hour (docs/decisions/030): data exports, PDF and XLSX documents, CSVs and
 * NR-1 evidence uploads. The one table of those limits; a route calls
 * `consumeFileLimit` after authorising and before the work, and every
 * attempt counts (a refused one too), like the invitation limits.
 */
import { fileLimitMessages } from "#core/messages.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { consume, type LimitRule } from "./rate-limit.ts";

const HOUR = 60 * 60;

type FileLimit = { what: string; perPerson: LimitRule; perCompany: LimitRule };

export const fileLimits = {
  dataExport: {
    what: "downloads de dados pessoais",
    perPerson: { max: 10, windowSeconds: HOUR },
    perCompany: { max: 200, windowSeconds: HOUR },
  },
  rosterFile: {
    what: "envios de arquivos de pessoas",
    perPerson: { max: 30, windowSeconds: HOUR },
    perCompany: { max: 60, windowSeconds: HOUR },
  },
  document: {
    what: "documentos em PDF ou planilha",
    perPerson: { max: 15, windowSeconds: HOUR },
    perCompany: { max: 60, windowSeconds: HOUR },
  },
  csv: {
    what: "exportações em CSV",
    perPerson: { max: 15, windowSeconds: HOUR },
    perCompany: { max: 60, windowSeconds: HOUR },
  },
  evidenceUpload: {
    what: "arquivos enviados",
    perPerson: { max: 20, windowSeconds: HOUR },
    perCompany: { max: 100, windowSeconds: HOUR },
  },
} satisfies Record<string, FileLimit>;

export type FileLimitKind = keyof typeof fileLimits;

/** Counts one attempt for the person and their company (none for an account without one); 429 past either limit. */
export async function consumeFileLimit(
  db: Db,
  kind: FileLimitKind,
  who: { userId: string; companyId: string | null },
): Promise<void> {
  const limit: FileLimit = fileLimits[kind];
  const person = await consume(db, `file:${kind}:user:${who.userId}`, limit.perPerson);
  if (!person.allowed)
    throw new AppError(
      "TOO_MANY_REQUESTS",
      fileLimitMessages.perPerson(limit.what, limit.perPerson.max, person.retryAfterSeconds),
      { retryAfterSeconds: person.retryAfterSeconds },
    );
  if (!who.companyId) return;
  const company = await consume(db, `file:${kind}:company:${who.companyId}`, limit.perCompany);
  if (!company.allowed)
    throw new AppError(
      "TOO_MANY_REQUESTS",
      fileLimitMessages.perCompany(limit.what, limit.perCompany.max, company.retryAfterSeconds),
      { retryAfterSeconds: company.retryAfterSeconds },
    );
}
