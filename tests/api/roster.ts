/** Fixture HR files for 'Importar pessoas' tests, made in the test (no binary committed). */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { cpfFrom } from "#core/cpf.ts";
import { rosterFields as fields } from "#core/roster.ts";
import type { Db } from "#server/db/client.ts";
import { rosterImports, rosterPeople } from "#server/db/schema/index.ts";

/** A valid CNPJ (the Receita's usual example). */
export const CNPJ_SEDE = "11.222.333/0001-81";

export type FilePerson = {
  nome: string;
  cpf: string;
  matricula: string;
  email?: string;
  email_pessoal?: string;
  estabelecimento?: string;
  setor?: string;
  gestor?: string;
  cargo?: string;
  data_admissao?: string;
};

/** `count` people numbered from `from`: valid CPFs, matrícula M<n>, an e-mail for even numbers, sectors in turn. */
export function peopleOf(count: number, from = 1, domain = "exemplo.com.br"): FilePerson[] {
  const sectors = ["Operações/Atendimento", "Operações/Logística", "Administrativo"];
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return {
      nome: `Pessoa Importada ${String(n).padStart(4, "0")}`,
      cpf: cpfFrom(String(100_000_000 + n * 7)),
      matricula: `M${n}`,
      email: n % 2 === 0 ? `pessoa${n}@${domain}` : "",
      estabelecimento: CNPJ_SEDE,
      setor: sectors[n % sectors.length] as string,
      cargo: "Atendente",
      data_admissao: "05/03/2024",
    };
  });
}

export function rosterCsv(
  people: FilePerson[],
  options: { delimiter?: string; headers?: string[]; latin1?: boolean } = {},
): Buffer {
  const delimiter = options.delimiter ?? ";";
  const quote = (value: string) => (/[;,"\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = [
    (options.headers ?? [...fields]).join(delimiter),
    ...people.map((person) => fields.map((field) => quote(person[field] ?? "")).join(delimiter)),
  ];
  const text = `${lines.join("\r\n")}\r\n`;
  return options.latin1 ? Buffer.from(text, "latin1") : Buffer.from(text, "utf8");
}

export async function rosterForm(bytes: Buffer, name = "pessoas.csv", mapping?: Record<string, number>) {
  const form = new FormData();
  if (mapping) form.append("mapping", JSON.stringify(mapping));
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const request = new Request("http://x", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** Previews `bytes` as `as`, and returns the reply's JSON (throws unless 201). */
export async function previewFile(as: As, bytes: Buffer, query = "", mapping?: Record<string, number>) {
  const response = await as({
    method: "POST",
    url: `/api/roster/imports${query}`,
    ...(await rosterForm(bytes, "pessoas.csv", mapping)),
  });
  if (response.statusCode !== 201) throw new Error(`preview failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** How many of the company's roster people have not left. */
export async function activeRosterCount(db: Db, companyId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rosterPeople)
    .where(and(eq(rosterPeople.companyId, companyId), isNull(rosterPeople.leftAt)));
  return row?.n;
}

/** A previewed import of one rejected row, written straight to the table: the fixture of the tests that read imports. */
export async function insertPreviewedImport(
  db: Db,
  { companyId, by, fileName = "pessoas.csv" }: { companyId: string; by: string; fileName?: string },
): Promise<string> {
  const [run] = await db
    .insert(rosterImports)
    .values({
      companyId,
      createdByEmail: by,
      fileName,
      fileSha256: "0".repeat(64),
      mapping: {},
      rows: [],
      rejections: [{ line: 2, column: "cpf", reason: "CPF inválido: confira os 11 dígitos." }],
      kept: { cpfHashes: [], matriculas: [] },
      counts: { total: 1, new: 0, changed: 0, unchanged: 0, leaving: 0, rejected: 1 },
    })
    .returning({ id: rosterImports.id });
  return run?.id ?? "";
}
