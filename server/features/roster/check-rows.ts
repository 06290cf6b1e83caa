/**
 * The preview's first pass over a file: each row's fields read through the
 * mapping and checked on their own (CPF digits, e-mails, CNPJ, dates,
 * lengths) and against the rows above it (a CPF, matrícula or e-mail twice).
 * The CPF leaves this function only as its hash and last two digits; a
 * rejection names the line, the file's column and the reason, never a value.
 */
import { isValidCnpj } from "#core/cnpj.ts";
import { isValidCpf, normalizeCpf } from "#core/cpf.ts";
import { parseDay } from "#core/date-input.ts";
import { type RosterField, type RosterMapping, rosterFieldLabels, sectorNames } from "#core/roster.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import type { RosterRejection } from "#core/schemas/roster.ts";
import type { RosterImportRow } from "#server/db/schema/index.ts";
import { hashCpf } from "./cpf-hash.ts";
import type { Sheet } from "./read-sheet.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_MAX = 120;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a control character in a cell is refused, not stored.
const CONTROL = /[\u0000-\u001F\u007F]/;

export type CheckedRows = {
  rows: RosterImportRow[];
  rejections: RosterRejection[];
  /** CPF hashes and matrículas of rejected rows that still name someone: in a full file they do not leave. */
  named: { cpfHashes: Set<string>; matriculas: Set<string> };
};

/** The file's own header for a field (what the person sees in their spreadsheet), or the field's label. */
export function columnName(headers: string[], mapping: RosterMapping, field: RosterField): string {
  const index = mapping[field];
  return (index === undefined ? undefined : headers[index]) || rosterFieldLabels[field];
}

export function checkRows(sheet: Sheet, mapping: RosterMapping, cpfKey: Buffer): CheckedRows {
  const rows: RosterImportRow[] = [];
  const rejections: RosterRejection[] = [];
  const named = { cpfHashes: new Set<string>(), matriculas: new Set<string>() };
  const firstLine = {
    cpf: new Map<string, number>(),
    matricula: new Map<string, number>(),
    email: new Map<string, number>(),
  };
  const column = (field: RosterField) => columnName(sheet.headers, mapping, field);

  for (const { line, cells } of sheet.rows) {
    const value = (field: RosterField) => {
      const index = mapping[field];
      return index === undefined ? "" : (cells[index] ?? "").trim().replace(/\s+/g, " ");
    };
    const reject = (field: RosterField, reason: string) => {
      rejections.push({ line, column: column(field), reason });
      return null;
    };
    const optionalEmail = (field: "email" | "email_pessoal") => {
      const email = value(field).toLowerCase();
      return email && !EMAIL.test(email) ? undefined : email || null;
    };

    const cpfText = value("cpf");
    const cpf = cpfText && isValidCpf(cpfText) ? normalizeCpf(cpfText) : null;
    const cpfHash = cpf ? hashCpf(cpfKey, cpf) : null;
    const matricula = value("matricula");
    if (cpfHash) named.cpfHashes.add(cpfHash);
    if (matricula) named.matriculas.add(matricula);

    const checked = (() => {
      const name = value("nome");
      if (!name) return reject("nome", rosterMessages.required);
      if (name.length > TEXT_MAX) return reject("nome", rosterMessages.nameTooLong);
      if (!cpfText) return reject("cpf", rosterMessages.required);
      if (!cpf || !cpfHash) return reject("cpf", rosterMessages.cpfInvalid);
      if (!matricula) return reject("matricula", rosterMessages.required);
      if (matricula.length > 40) return reject("matricula", rosterMessages.matriculaTooLong);
      const email = optionalEmail("email");
      if (email === undefined) return reject("email", rosterMessages.emailInvalid);
      const personalEmail = optionalEmail("email_pessoal");
      if (personalEmail === undefined) return reject("email_pessoal", rosterMessages.emailInvalid);
      const cnpjText = value("estabelecimento");
      if (cnpjText && !isValidCnpj(cnpjText)) return reject("estabelecimento", rosterMessages.cnpjInvalid);
      const sectorText = value("setor");
      const names = sectorNames(sectorText);
      if (sectorText && (names.length === 0 || names.length > 8 || names.some((n) => n.length > TEXT_MAX)))
        return reject("setor", rosterMessages.sectorInvalid);
      const dateText = value("data_admissao");
      const admittedOn = dateText ? parseDay(dateText) : null;
      if (dateText && !admittedOn) return reject("data_admissao", rosterMessages.dateInvalid);
      for (const field of ["gestor", "cargo"] as const) {
        if (value(field).length > TEXT_MAX) return reject(field, rosterMessages.textTooLong(rosterFieldLabels[field]));
      }
      for (const field of ["nome", "matricula", "setor", "gestor", "cargo"] as const) {
        if (CONTROL.test(value(field))) return reject(field, rosterMessages.textInvalid);
      }
      const seenCpf = firstLine.cpf.get(cpfHash);
      if (seenCpf) return reject("cpf", rosterMessages.cpfRepeated(seenCpf));
      const seenMatricula = firstLine.matricula.get(matricula);
      if (seenMatricula) return reject("matricula", rosterMessages.matriculaRepeated(seenMatricula));
      const seenEmail = email ? firstLine.email.get(email) : undefined;
      if (seenEmail) return reject("email", rosterMessages.emailRepeated(seenEmail));
      firstLine.cpf.set(cpfHash, line);
      firstLine.matricula.set(matricula, line);
      if (email) firstLine.email.set(email, line);
      return {
        line,
        name,
        cpfHash,
        cpfLast2: cpf.slice(-2),
        matricula,
        email,
        personalEmail,
        establishmentCnpj: cnpjText ? cnpjText.replace(/\D/g, "") : null,
        sectorPath: names.length ? names.join("/") : null,
        managerRef: value("gestor").toLowerCase() || null,
        jobTitle: value("cargo") || null,
        admittedOn,
      } satisfies RosterImportRow;
    })();
    if (checked) rows.push(checked);
  }
  return { rows, rejections, named };
}
