/** Canal de escuta helpers for API tests: a company with handlers, and a case written by a member. */
import type { NewCaseInput } from "#core/schemas/listening.ts";
import { companyWithManager, signedInPerson } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

type Person = Awaited<ReturnType<typeof signedInPerson>>;

/**
 * A company, its manager (not a handler), an admin, two appointed handlers and a member. A fixed `id`
 * makes the company's noise draws the same every run (the tests' secret is fixed too).
 */
export async function listeningCompany(t: TestApp, options: { id?: string } = {}) {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise", id: options.id });
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  const member = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Membro Mel" });
  const handlers: (Person & { handlerId: string })[] = [];
  for (const name of ["Helena Responsável", "Hugo Responsável"]) {
    const person = await signedInPerson(t.app, t.db, { companyId: company.id, name });
    const reply = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${company.id}/escuta/responsaveis`,
      payload: { userId: person.userId },
    });
    if (reply.statusCode !== 201) throw new Error(`appoint failed: ${reply.body}`);
    const handler = reply.json().handlers.find((h: { userId: string }) => h.userId === person.userId);
    handlers.push({ ...person, handlerId: handler.id });
  }
  return { company, manager, admin, member, handlers: handlers as [(typeof handlers)[0], (typeof handlers)[0]] };
}

export async function writeCase(person: Person, input: Partial<NewCaseInput> = {}) {
  const reply = await person.as({
    method: "POST",
    url: "/api/escuta/casos",
    payload: { kind: "denuncia", category: "assedio_moral", body: "Texto do caso", ...input },
  });
  if (reply.statusCode !== 201) throw new Error(`case failed: ${reply.statusCode} ${reply.body}`);
  return reply.json() as { protocol: string; secret: string };
}
