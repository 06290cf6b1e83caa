/** The API for HR systems (docs/decisions/044): keys, bearer-only access, PUT and DELETE per matrícula, idempotency, limits. */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpfFrom } from "#core/cpf.ts";
import {
  auditLog,
  invites,
  profiles,
  riskSectors,
  rosterApiKeys,
  rosterPeople,
  session,
} from "#server/db/schema/index.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { CNPJ_SEDE } from "#tests/api/roster.ts";
import { companyWithManager, fillSeats, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const cpf = (n: number) => cpfFrom(String(300_000_000 + n * 11));
const personBody = (n: number, extra: Record<string, string> = {}) => ({
  nome: `Pessoa da API ${n}`,
  cpf: cpf(n),
  estabelecimento: CNPJ_SEDE,
  setor: "Loja/Caixa",
  cargo: "Operador(a) de caixa",
  data_admissao: "02/01/2025",
  ...extra,
});
const personOf = async (companyId: string, matricula: string) =>
  (
    await t.db
      .select()
      .from(rosterPeople)
      .where(and(eq(rosterPeople.companyId, companyId), eq(rosterPeople.matricula, matricula)))
  )[0];
const auditOf = (companyId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), sql`${auditLog.action} = ${action}`));

describe("keys", () => {
  it("are shown once, stored as a SHA-256, listed without the secret, revoked with an audit entry", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const key = await createApiKey(manager.as, "Convenia");
    expect(key.secret).toMatch(/^sereno_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 18));
    const [row] = await t.db.select().from(rosterApiKeys).where(eq(rosterApiKeys.id, key.id));
    expect(row?.secretHash).toBe(createHash("sha256").update(key.secret).digest("hex"));
    const stored = JSON.stringify(await t.db.execute(sql`select * from roster_api_keys`));
    expect(stored).not.toContain(key.secret);
    const list = await manager.as({ method: "GET", url: "/api/roster/api-keys" });
    expect(list.body).not.toContain(key.secret);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: key.id, name: "Convenia", prefix: key.prefix, lastUsedAt: null, revokedAt: null }),
    ]);
    expect(await auditOf(company.id, "roster.api-key.create")).toHaveLength(1);

    const api = withKey(t.app, key.secret);
    expect((await api({ method: "PUT", url: "/api/v1/roster/people/M1", payload: personBody(1) })).statusCode).toBe(
      201,
    );
    const used = (await manager.as({ method: "GET", url: "/api/roster/api-keys" })).json().items[0];
    expect(used.lastUsedAt).not.toBeNull();

    expect((await manager.as({ method: "DELETE", url: `/api/roster/api-keys/${key.id}` })).statusCode).toBe(200);
    const [revokeEntry] = await auditOf(company.id, "roster.api-key.revoke");
    expect(revokeEntry?.actorEmail).toBe(manager.email);
    const refused = await api({ method: "PUT", url: "/api/v1/roster/people/M1", payload: personBody(1) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(
      "Chave de API inválida ou revogada. Crie outra em Equipe › Importar pessoas.",
    );
    expect((await manager.as({ method: "DELETE", url: `/api/roster/api-keys/${key.id}` })).statusCode).toBe(409);
  });

  it("a member cannot manage them; an admin manages any company's; another manager not", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect((await member.as({ method: "GET", url: "/api/roster/api-keys" })).statusCode).toBe(403);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const key = await createApiKey(admin.as, "Sólides", `?companyId=${company.id}`);
    const other = await companyWithManager(t.app, t.db);
    const foreign = await other.manager.as({ method: "DELETE", url: `/api/roster/api-keys/${key.id}` });
    expect(foreign.statusCode).toBe(404);
    const own = await manager.as({ method: "GET", url: "/api/roster/api-keys" });
    expect(own.json().items.map((item: { id: string }) => item.id)).toEqual([key.id]);
  });
});

describe("who may call /api/v1", () => {
  it("a bearer key only: no header, a session cookie alone or an unknown key get 401 in pt-BR", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const none = await t.app.inject({ method: "GET", url: `/api/v1/roster/sync/${crypto.randomUUID()}` });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toContain("Authorization: Bearer");
    const cookie = await manager.as({ method: "PUT", url: "/api/v1/roster/people/M1", payload: personBody(2) });
    expect(cookie.statusCode).toBe(401);
    const session = await manager.as({
      method: "GET",
      url: `/api/v1/roster/sync/${crypto.randomUUID()}`,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(session.statusCode).toBe(401);
    const unknown = withKey(t.app, `sereno_live_${"A".repeat(43)}`);
    expect((await unknown({ method: "DELETE", url: "/api/v1/roster/people/M1" })).statusCode).toBe(401);
  });

  it("a key of company A never reads or changes company B", async () => {
    const a = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const b = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const apiA = withKey(t.app, (await createApiKey(a.manager.as)).secret);
    const apiB = withKey(t.app, (await createApiKey(b.manager.as)).secret);
    expect((await apiB({ method: "PUT", url: "/api/v1/roster/people/B7", payload: personBody(7) })).statusCode).toBe(
      201,
    );
    expect((await apiA({ method: "DELETE", url: "/api/v1/roster/people/B7" })).statusCode).toBe(404);
    // The same CPF and matrícula sent with A's key makes a person of A; B's stays as it was.
    const put = await apiA({
      method: "PUT",
      url: "/api/v1/roster/people/B7",
      payload: personBody(7, { nome: "Outra" }),
    });
    expect(put.statusCode).toBe(201);
    expect((await personOf(b.company.id, "B7"))?.name).toBe("Pessoa da API 7");
    expect((await personOf(b.company.id, "B7"))?.leftAt).toBeNull();
    const sync = await apiB({
      method: "POST",
      url: "/api/v1/roster/sync",
      headers: { "content-type": "text/csv" },
      payload: "nome;cpf;matricula\r\n",
    });
    expect(sync.statusCode).toBe(400);
  });
});

describe("PUT and DELETE a person", () => {
  it("creates with the import's rules, then updates, then changes nothing", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const api = withKey(t.app, (await createApiKey(manager.as)).secret);
    const url = "/api/v1/roster/people/C10";
    const created = await api({ method: "PUT", url, payload: personBody(10, { email: "caixa10@loja.com.br" }) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ matricula: "C10", outcome: "created", invited: true });
    const person = await personOf(company.id, "C10");
    expect(person).toMatchObject({ name: "Pessoa da API 10", cpfLast2: cpf(10).slice(-2), sectorPath: "Loja/Caixa" });
    expect(person?.sectorId).not.toBeNull();
    const sectors = await t.db.select().from(riskSectors).where(eq(riskSectors.companyId, company.id));
    expect(sectors.map((sector) => sector.name).sort()).toEqual(["Caixa", "Loja"]);
    expect(await t.db.select().from(invites).where(eq(invites.email, "caixa10@loja.com.br"))).toHaveLength(1);

    const updated = await api({
      method: "PUT",
      url,
      payload: personBody(10, { email: "caixa10@loja.com.br", cargo: "Líder" }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().outcome).toBe("updated");
    expect((await personOf(company.id, "C10"))?.jobTitle).toBe("Líder");
    const same = await api({
      method: "PUT",
      url,
      payload: personBody(10, { email: "caixa10@loja.com.br", cargo: "Líder" }),
    });
    expect(same.json().outcome).toBe("unchanged");
    expect(await auditOf(company.id, "roster.api.person")).toHaveLength(2);
    const [entry] = await auditOf(company.id, "roster.api.person");
    expect(entry?.actorEmail).toMatch(/^API de RH: Gupy produção \(sereno_live_/);
  });

  it("refuses a bad CPF, a matrícula of someone else, and a person past the plan's seats", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "essencial" });
    const api = withKey(t.app, (await createApiKey(manager.as)).secret);
    const bad = await api({
      method: "PUT",
      url: "/api/v1/roster/people/X1",
      payload: personBody(20, { cpf: "123.456.789-00" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ message: "CPF inválido: confira os 11 dígitos.", field: "cpf" });
    expect((await api({ method: "PUT", url: "/api/v1/roster/people/X1", payload: personBody(21) })).statusCode).toBe(
      201,
    );
    const taken = await api({ method: "PUT", url: "/api/v1/roster/people/X1", payload: personBody(22) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("Esta matrícula já é de outra pessoa no cadastro da empresa.");
    await fillSeats(t.db, company.id, 48);
    const full = await api({ method: "PUT", url: "/api/v1/roster/people/X3", payload: personBody(23) });
    expect(full.statusCode).toBe(409);
    expect(await personOf(company.id, "X3")).toBeUndefined();
  });

  it("DELETE makes a leaver as a full file does: sessions end, no sign-in, the leaver's e-mail", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const member = await signedInPerson(t.app, t.db, { companyId: company.id, email: "rui.api@loja.com.br" });
    const api = withKey(t.app, (await createApiKey(manager.as)).secret);
    const body = personBody(30, { email: member.email, email_pessoal: "rui@pessoal.com.br" });
    expect((await api({ method: "PUT", url: "/api/v1/roster/people/D30", payload: body })).statusCode).toBe(201);
    expect((await personOf(company.id, "D30"))?.userId).toBe(member.userId);

    // The company's only person: past the 40 % of departures in 24 hours, so confirmed (docs/decisions/057).
    const left = await api({ method: "DELETE", url: "/api/v1/roster/people/D30?confirmacao=CONFIRMAR" });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ matricula: "D30", outcome: "left", invited: false });
    expect((await personOf(company.id, "D30"))?.leftAt).not.toBeNull();
    expect(await t.db.select().from(session).where(eq(session.userId, member.userId))).toHaveLength(0);
    expect((await t.db.select().from(profiles).where(eq(profiles.userId, member.userId)))[0]?.companyId).toBeNull();
    const signInAgain = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { email: member.email, password: member.password },
    });
    expect(signInAgain.json().error.code).toBe("ACCESS_ENDED");
    await t.runJobs();
    expect(t.mails.find((m) => m.to === "rui@pessoal.com.br")?.subject).toBe("Seu acesso ao Sereno terminou");
    expect(await auditOf(company.id, "roster.api.leaver")).toHaveLength(1);
    expect((await api({ method: "DELETE", url: "/api/v1/roster/people/D30" })).statusCode).toBe(404);
  });
});

describe("idempotency and limits", () => {
  it("the same Idempotency-Key and body replay the answer; another body is a 422", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const api = withKey(t.app, (await createApiKey(manager.as)).secret);
    const call = (payload: object) =>
      api({ method: "PUT", url: "/api/v1/roster/people/I1", headers: { "idempotency-key": "pedido-1" }, payload });
    const first = await call(personBody(40));
    expect(first.statusCode).toBe(201);
    const again = await call(personBody(40));
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await auditOf(company.id, "roster.api.person")).toHaveLength(1);
    const other = await call(personBody(40, { cargo: "Gerente" }));
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toContain("já foi usada com outro conteúdo");
    expect((await personOf(company.id, "I1"))?.jobTitle).toBe("Operador(a) de caixa");
    // After a day the key is free again.
    await t.db.execute(
      sql`update roster_api_requests set created_at = ${new Date(Date.now() - 25 * 3600_000).toISOString()}`,
    );
    expect((await call(personBody(40, { cargo: "Gerente" }))).json().outcome).toBe("updated");
  });

  it("past 120 calls a minute a key gets 429 with Retry-After; another key of the company does not", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const key = await createApiKey(manager.as);
    const api = withKey(t.app, key.secret);
    const url = `/api/v1/roster/sync/${crypto.randomUUID()}`;
    expect((await api({ method: "GET", url })).statusCode).toBe(404);
    await t.db.execute(sql`update rate_limits set count = 120 where key = ${`hr-api:${key.id}`}`);
    const limited = await api({ method: "GET", url });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error.message).toMatch(/^Limite de 120 chamadas por minuto desta chave atingido/);
    const other = withKey(t.app, (await createApiKey(manager.as, "Outra")).secret);
    expect((await other({ method: "GET", url })).statusCode).toBe(404);
  });
});
