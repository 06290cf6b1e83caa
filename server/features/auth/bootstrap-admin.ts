/**
 * On start: make sure a platform admin exists (docs/running.md). With ADMIN_EMAIL
 * the account is created if missing and otherwise left as it is; without it,
 * an empty database gets admin@sereno.local with a generated password,
 * printed once.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { newPasswordSchema } from "#core/schemas/auth.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, user } from "#server/db/schema/index.ts";
import { createAccount } from "./accounts.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@sereno.local";

export type BootstrapResult = { created: false } | { created: true; email: string; generatedPassword?: string };

export async function ensureAdmin(
  db: Db,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<BootstrapResult> {
  if (env.ADMIN_EMAIL) {
    const email = env.ADMIN_EMAIL.toLowerCase();
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    if (existing) return { created: false };
    return createAdmin(db, email, env.ADMIN_PASSWORD);
  }
  const [anyAdmin] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, "admin")).limit(1);
  if (anyAdmin) return { created: false };
  return createAdmin(db, DEFAULT_ADMIN_EMAIL, env.ADMIN_PASSWORD);
}

async function createAdmin(db: Db, email: string, password: string | undefined): Promise<BootstrapResult> {
  if (password) {
    const check = newPasswordSchema.safeParse(password);
    if (!check.success) throw new Error(`ADMIN_PASSWORD refused: ${check.error.issues[0]?.message}`);
  }
  const generatedPassword = password ? undefined : randomBytes(12).toString("base64url");
  await createAccount(db, {
    email,
    name: "Administrador",
    password: password ?? (generatedPassword as string),
    role: "admin",
    companyId: null,
  });
  return { created: true, email, generatedPassword };
}
