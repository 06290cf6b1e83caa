import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { signIn } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from "./bootstrap-admin.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function adminCount(): Promise<number> {
  const rows = await t.db.execute(sql`select count(*)::int as n from profiles where role = 'admin'`);
  return rowsOf<{ n: number }>(rows)[0]?.n ?? 0;
}

describe("ensureAdmin", () => {
  it("creates the default admin with a generated password once, then does nothing", async () => {
    const first = await ensureAdmin(t.db, {});
    expect(first).toMatchObject({ created: true, email: DEFAULT_ADMIN_EMAIL });
    const password = first.created ? first.generatedPassword : undefined;
    expect(password).toMatch(/^[\w-]{16}$/);
    await signIn(t.app, DEFAULT_ADMIN_EMAIL, password);
    expect(await ensureAdmin(t.db, {})).toEqual({ created: false });
    expect(await adminCount()).toBe(1);
  });

  it("creates ADMIN_EMAIL with ADMIN_PASSWORD, and leaves an existing account as it is", async () => {
    const env = { ADMIN_EMAIL: "Chefe@Empresa.com.br", ADMIN_PASSWORD: "uma-senha-de-admin-forte" };
    expect(await ensureAdmin(t.db, env)).toMatchObject({ created: true, email: "chefe@empresa.com.br" });
    expect(await ensureAdmin(t.db, { ...env, ADMIN_PASSWORD: "outra-senha-qualquer-1" })).toEqual({ created: false });
    await signIn(t.app, "chefe@empresa.com.br", env.ADMIN_PASSWORD);
    expect(await adminCount()).toBe(2);
  });

  it("refuses a weak ADMIN_PASSWORD instead of creating a guessable admin", async () => {
    await expect(
      ensureAdmin(t.db, { ADMIN_EMAIL: "fraco@empresa.com.br", ADMIN_PASSWORD: "12345678" }),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
  });
});
