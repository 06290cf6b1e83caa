/** What the SSO tests share: a company whose sign-in is set up by the admin, and a roster person to sign in. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Db } from "#server/db/client.ts";
import { rosterPeople } from "#server/db/schema/index.ts";
import { signedInPerson } from "./sessions.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

export async function platformAdmin(app: FastifyInstance, db: Db) {
  return signedInPerson(app, db, { role: "admin", companyId: null });
}

/** Adds the domain to the company's sign-in and verifies it by hand (the tests have no DNS). */
export async function verifiedDomain(admin: { as: As }, companyId: string, domain: string) {
  const added = await admin.as({
    method: "POST",
    url: `/api/admin/companies/${companyId}/sso/domains`,
    payload: { domain },
  });
  if (added.statusCode !== 201) throw new Error(`domain not added: ${added.body}`);
  const row = (added.json() as { domains: Array<{ id: string; domain: string }> }).domains.find(
    (d) => d.domain === domain,
  );
  const verified = await admin.as({
    method: "POST",
    url: `/api/admin/companies/${companyId}/sso/domains/${row?.id}/verify`,
    payload: { manual: true },
  });
  if (verified.statusCode !== 200) throw new Error(`domain not verified: ${verified.body}`);
}

let matricula = 1000;
/** A person of the company's HR file with a corporate e-mail and no account yet. */
export async function rosterPerson(db: Db, companyId: string, email: string, name = "Pessoa do Cadastro") {
  matricula += 1;
  await db.insert(rosterPeople).values({
    companyId,
    cpfHash: `hash-${email}`,
    cpfLast2: "00",
    matricula: String(matricula),
    name,
    email,
  });
}

/** The cookies a reply sets, as a Cookie header. */
export function cookiesOf(response: { headers: Record<string, unknown> }): string {
  return [response.headers["set-cookie"]]
    .flat()
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}
