/**
 * The roster import's rules shared by server and web (issue 33): the columns
 * an HR file carries, how its headers are matched to them, and when a full
 * file must be confirmed by typing (Culture Amp's guardrail: more than 40 %
 * leaving, or more than 5 % of matrículas changing).
 */

export const rosterFields = [
  "nome",
  "cpf",
  "matricula",
  "email",
  "email_pessoal",
  "estabelecimento",
  "setor",
  "gestor",
  "cargo",
  "data_admissao",
] as const;
export type RosterField = (typeof rosterFields)[number];

export const requiredRosterFields: readonly RosterField[] = ["nome", "cpf", "matricula"];

export const rosterFieldLabels: Record<RosterField, string> = {
  nome: "Nome",
  cpf: "CPF",
  matricula: "Matrícula",
  email: "E-mail corporativo",
  email_pessoal: "E-mail pessoal",
  estabelecimento: "Estabelecimento (CNPJ)",
  setor: "Setor",
  gestor: "Gestor (matrícula ou e-mail)",
  cargo: "Cargo",
  data_admissao: "Data de admissão",
};

/** Header spellings of Brazilian HR exports (Gupy, Convenia, Sólides, TOTVS, Senior), compared after `headerKey`. */
const synonyms: Record<RosterField, string[]> = {
  nome: [
    "nome",
    "nome_completo",
    "colaborador",
    "nome_do_colaborador",
    "funcionario",
    "nome_funcionario",
    "empregado",
    "name",
  ],
  cpf: ["cpf", "cpf_do_colaborador", "num_cpf", "nr_cpf", "numero_cpf", "cpf_funcionario"],
  matricula: [
    "matricula",
    "mat",
    "registro",
    "re",
    "chapa",
    "codigo",
    "cod_funcionario",
    "id_funcionario",
    "employee_id",
    "matricula_do_colaborador",
  ],
  email: [
    "email",
    "e_mail",
    "email_corporativo",
    "e_mail_corporativo",
    "email_empresa",
    "email_trabalho",
    "email_profissional",
    "work_email",
  ],
  email_pessoal: ["email_pessoal", "e_mail_pessoal", "email_particular", "personal_email"],
  estabelecimento: [
    "estabelecimento",
    "cnpj",
    "cnpj_estabelecimento",
    "cnpj_do_estabelecimento",
    "cnpj_filial",
    "filial",
  ],
  setor: ["setor", "departamento", "area", "lotacao", "setor_departamento", "unidade_organizacional"],
  gestor: [
    "gestor",
    "gestor_imediato",
    "lider",
    "lider_imediato",
    "superior",
    "superior_imediato",
    "matricula_gestor",
    "email_gestor",
  ],
  cargo: ["cargo", "funcao", "cargo_funcao", "job_title", "titulo_do_cargo"],
  data_admissao: [
    "data_admissao",
    "data_de_admissao",
    "admissao",
    "dt_admissao",
    "data_admissao_colaborador",
    "hire_date",
  ],
};

/** 'E-mail Corporativo ' → 'email_corporativo': lower case, no accents, words joined by '_'. */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/e-mail/g, "email")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

/** Which file column (its index) feeds each field; a field without a column is left out. */
export type RosterMapping = Partial<Record<RosterField, number>>;

/** Matches the file's headers to the fields by their usual names; each column feeds at most one field. */
export function suggestMapping(headers: readonly string[]): RosterMapping {
  const mapping: RosterMapping = {};
  const taken = new Set<number>();
  for (const field of rosterFields) {
    const index = headers.findIndex((header, i) => !taken.has(i) && synonyms[field].includes(headerKey(header)));
    if (index >= 0) {
      mapping[field] = index;
      taken.add(index);
    }
  }
  return mapping;
}

export function missingRequiredFields(mapping: RosterMapping): RosterField[] {
  return requiredRosterFields.filter((field) => mapping[field] === undefined);
}

/** Above these shares a full file stops and asks to be confirmed by typing (issue 33). */
const GUARDRAIL_LEAVING_SHARE = 0.4;
/**
 * Departures count over this window, not per file (issue 45, docs/decisions/057): three
 * full files in a row, each under 40 %, took a company from 100 people to 23.
 */
export const GUARDRAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
const GUARDRAIL_MATRICULA_SHARE = 0.05;
/** What the person types to confirm a full file past the guardrail. */
export const GUARDRAIL_PHRASE = "CONFIRMAR";

export type GuardrailInput = { active: number; leaving: number; matriculaChanges: number };

/** The reasons a full file needs a typed confirmation; empty when it may go as it is. */
export function guardrailReasons({ active, leaving, matriculaChanges }: GuardrailInput): ("leaving" | "matricula")[] {
  if (active === 0) return [];
  const reasons: ("leaving" | "matricula")[] = [];
  if (leaving / active > GUARDRAIL_LEAVING_SHARE) reasons.push("leaving");
  if (matriculaChanges / active > GUARDRAIL_MATRICULA_SHARE) reasons.push("matricula");
  return reasons;
}

/** A sector path as HR systems write it ('Operações / Atendimento', 'Operações > Atendimento'): its names. */
export function sectorNames(path: string): string[] {
  return path
    .split(/[/>\\]/)
    .map((name) => name.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}
