/** /ativar's fixtures (docs/decisions/045): a person of a company's HR file awaiting activation, and their requests. */
import { eq } from "drizzle-orm";
import { cpfFrom } from "#core/cpf.ts";
import { companies, rosterPeople } from "#server/db/schema/index.ts";
import { hashCpf } from "#server/features/roster/cpf-hash.ts";
import { companyWithManager } from "./sessions.ts";
import { TEST_ORIGIN, type TestApp } from "./test-app.ts";

/** A company with one person of its HR file (the `seq`-th of the test file), without e-mail unless given. */
export async function personAwaiting(t: TestApp, seq: number, options: { email?: string } = {}) {
  const { company, manager } = await companyWithManager(t.app, t.db);
  const [row] = await t.db
    .select({ code: companies.activationCode })
    .from(companies)
    .where(eq(companies.id, company.id));
  const cpf = cpfFrom(String(300_000_000 + seq * 13));
  const matricula = `A${seq}`;
  const [person] = await t.db
    .insert(rosterPeople)
    .values({
      companyId: company.id,
      cpfHash: hashCpf(t.app.deps.cpfKey, cpf),
      cpfLast2: cpf.slice(-2),
      matricula,
      name: `Joana Silva ${seq}`,
      email: options.email ?? null,
    })
    .returning();
  if (!person || !row) throw new Error("no person");
  // Each scenario comes from its own address, so the per-address limit of one does not touch another.
  const ip = `10.1.${seq}.1`;
  const post = (url: string, payload: object, remoteAddress = ip) =>
    t.app.inject({
      method: "POST",
      url: `/api/activation/${row.code}${url}`,
      headers: { origin: TEST_ORIGIN },
      payload,
      remoteAddress,
    });
  return { company, manager, code: row.code, cpf, matricula, person, post, ip };
}

/** The cookies a reply set, as a request's Cookie header. */
export const cookieOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers["set-cookie"]]
    .flat()
    .map((value) => String(value).split(";")[0])
    .join("; ");
