import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { companies, profiles, user } from "#server/db/schema/index.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { addMembers } from "./add-members.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const people = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Pessoa ${i}`, email: `${prefix}-${i}@Exemplo.com.br` }));

async function countsOf(companyId: string) {
  const [row] = rowsOf<{ kept: number; counted: number; open: number; closed: number }>(
    await t.db.execute(sql`SELECT
      (SELECT member_count FROM companies WHERE id = ${companyId}) AS kept,
      (SELECT count(*)::int FROM profiles WHERE company_id = ${companyId}) AS counted,
      (SELECT count(*)::int FROM company_memberships WHERE company_id = ${companyId} AND left_at IS NULL) AS open,
      (SELECT count(*)::int FROM company_memberships WHERE company_id = ${companyId} AND left_at IS NOT NULL) AS closed`),
  );
  return row;
}

describe("addMembers (the roster import's bulk add)", () => {
  it("adds thousands in batches: one membership each, the kept count moved by the statement's rows", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const joined = new Date("2026-03-02T12:00:00Z");
    const { added, existing } = await addMembers(t.db, company.id, people("lote", 4_500), {
      createdAt: joined,
      batchSize: 2_000,
    });
    expect(added).toHaveLength(4_500);
    expect(existing).toEqual([]);
    // The manager plus everyone added: the trigger's count matches counting.
    expect(await countsOf(company.id)).toEqual({ kept: 4_501, counted: 4_501, open: 4_501, closed: 0 });
    const [stint] = rowsOf<{ joined_at: string }>(
      await t.db.execute(
        sql`SELECT joined_at::text FROM company_memberships WHERE user_id = ${added[0]?.userId as string}`,
      ),
    );
    expect(new Date(stint?.joined_at as string).toISOString()).toBe(joined.toISOString());
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, added[0]?.userId as string));
    expect(profile).toMatchObject({ role: "user", companyId: company.id, email: "lote-0@exemplo.com.br" });
  }, 120_000);

  it("leaves out addresses that already have an account, and never moves them", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const { company: other } = await companyWithManager(t.app, t.db);
    await addMembers(t.db, other.id, people("ja", 2));
    const { added, existing } = await addMembers(t.db, company.id, [
      ...people("ja", 2),
      ...people("novo", 3),
      { name: "Repetida", email: "NOVO-0@exemplo.com.br" },
    ]);
    expect(added.map((person) => person.email).sort()).toEqual([
      "novo-0@exemplo.com.br",
      "novo-1@exemplo.com.br",
      "novo-2@exemplo.com.br",
    ]);
    expect(existing.sort()).toEqual(["ja-0@exemplo.com.br", "ja-1@exemplo.com.br"]);
    expect((await countsOf(other.id))?.kept).toBe(3);
    expect((await countsOf(company.id))?.kept).toBe(4);
  });

  it("a bulk delete closes every stint and lowers the count once per company", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const { added } = await addMembers(t.db, company.id, people("sai", 300));
    const leaving = added.slice(0, 120).map((person) => person.userId);
    await t.db.delete(user).where(inArray(user.id, leaving)); // profiles go by cascade
    expect(await countsOf(company.id)).toEqual({ kept: 181, counted: 181, open: 181, closed: 120 });
    const orphaned = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`SELECT count(*)::int AS n FROM company_memberships WHERE company_id = ${company.id} AND user_id IS NULL`,
      ),
    );
    expect(orphaned[0]?.n).toBe(120);
    // A move between companies still goes through the row trigger.
    const { company: next } = await companyWithManager(t.app, t.db);
    await t.db
      .update(profiles)
      .set({ companyId: next.id })
      .where(eq(profiles.userId, added[200]?.userId as string));
    expect(await countsOf(company.id)).toMatchObject({ kept: 180, counted: 180, closed: 121 });
    expect((await t.db.select().from(companies).where(eq(companies.id, next.id)))[0]?.memberCount).toBe(2);
  });
});
