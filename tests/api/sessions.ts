/** Test helpers for accounts and sessions: create people, sign them in, call the API as them. */

import { hashPassword } from "better-auth/crypto";
import type { FastifyInstance, InjectOptions } from "fastify";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { hasAccess, type Role } from "#core/roles.ts";
import type { Db } from "#server/db/client.ts";
import { companies, profiles, user } from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/accounts.ts";
import { TEST_ORIGIN } from "./test-app.ts";

export const TEST_PASSWORD = "calma-e-cafe-2026";
/**
 * When test people and companies are created unless a test says otherwise: a
 * fixed past moment, so figures built from membership dates do not depend on
 * the day the suite runs.
 */
export const TEST_EPOCH = new Date("2026-01-01T12:00:00Z");
let counter = 0;

/**
 * TEST_PASSWORD's hash, made once per worker: scrypt is slow on purpose, and most test people share the
 * password (docs/decisions/072). Signing in still checks it against the stored hash as for anyone.
 */
let testPasswordHash: Promise<string> | undefined;
function hashOf(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
}

export async function createPerson(
  db: Db,
  options: {
    role?: Role;
    companyId?: string | null;
    name?: string;
    email?: string;
    password?: string;
    /** When the account was activated (default: TEST_EPOCH); k counts only members older than the day (docs/decisions/014). */
    createdAt?: Date;
    /** People consent to wellbeing data by default; false creates someone who never did. */
    consent?: boolean;
  } = {},
) {
  counter += 1;
  const email = options.email ?? `pessoa${counter}-${Date.now()}@exemplo.com.br`;
  const role = options.role ?? "user";
  // A member or manager signs in only with a company (docs/decisions/009): unless told, each gets one of their own.
  const companyId =
    options.companyId !== undefined ? options.companyId : hasAccess(role, null) ? null : await createCompany(db);
  const password = options.password ?? TEST_PASSWORD;
  const { userId } = await createAccount(db, {
    email,
    name: options.name ?? `Pessoa ${counter}`,
    passwordHash: password ? await hashOf(password) : undefined,
    role,
    companyId,
    createdAt: options.createdAt ?? TEST_EPOCH,
    wellbeingConsent: options.consent === false ? undefined : { at: new Date(), version: WELLBEING_CONSENT_VERSION },
  });
  return { userId, email, password, companyId };
}

async function createCompany(db: Db): Promise<string> {
  const [company] = await db
    .insert(companies)
    .values({ name: `Empresa ${counter}-${Date.now()}`, plan: "essencial", createdAt: TEST_EPOCH })
    .returning({ id: companies.id });
  if (!company) throw new Error("no company");
  return company.id;
}

/** `origin`: the app's APP_URL, for an app built with another than the test app's (server/static-site.test.ts). */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD, origin = TEST_ORIGIN) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin, "content-type": "application/json" },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  // The session's cookies only: the browser's device cookie (docs/decisions/062) is for /api/auth alone.
  const cookie = [response.headers["set-cookie"]]
    .flat()
    .filter((value): value is string => Boolean(value) && !String(value).startsWith("sereno.device="))
    .map((value) => value.split(";")[0])
    .join("; ");
  return { cookie, token: String(response.headers["set-auth-token"] ?? "") };
}

/** A person with a session, and an `as` to call the API with their cookie. */
export async function signedInPerson(app: FastifyInstance, db: Db, options: Parameters<typeof createPerson>[1] = {}) {
  const person = await createPerson(db, options);
  const { cookie, token } = await signIn(app, person.email, person.password);
  const as = (request: InjectOptions) =>
    app.inject({ ...request, headers: { origin: TEST_ORIGIN, ...request.headers, cookie } });
  return { ...person, cookie, token, as };
}

/** A company with a manager signed in. */
export async function companyWithManager(
  app: FastifyInstance,
  db: Db,
  /** A fixed `id` makes the company's noise draws the same every run (the tests' secret is fixed too). */
  options: {
    plan?: "essencial" | "prime" | "enterprise";
    name?: string;
    id?: string;
    /** When the company began (default: TEST_EPOCH); its first read publishes every closed day since. */
    createdAt?: Date;
  } = {},
) {
  const [company] = await db
    .insert(companies)
    .values({
      id: options.id,
      name: options.name ?? `Empresa ${Date.now()}-${Math.random()}`,
      plan: options.plan ?? "essencial",
      createdAt: options.createdAt ?? TEST_EPOCH,
    })
    .returning();
  if (!company) throw new Error("no company");
  const manager = await signedInPerson(app, db, { role: "manager", companyId: company.id, name: "Gestora Gil" });
  return { company, manager };
}

/** Fills seats quickly (no password hashing): people who exist but never sign in. */
export async function fillSeats(db: Db, companyId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const id = `seat-${companyId.slice(0, 8)}-${i}-${Math.random().toString(36).slice(2)}`;
    const email = `${id}@exemplo.com.br`;
    await db.insert(user).values({ id, name: `Assento ${i}`, email, emailVerified: true, createdAt: TEST_EPOCH });
    await db.insert(profiles).values({ userId: id, name: `Assento ${i}`, email, companyId, createdAt: TEST_EPOCH });
  }
}
