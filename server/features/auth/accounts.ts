/**
 * Creating an account: the auth user, its password credential and its
 * profile, in one transaction (nothing half-saved). Used by the admin
 * bootstrap and by invitations; sign-up itself is closed.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Role } from "#core/roles.ts";
import type { Db } from "#server/db/client.ts";
import { account, consentEvents, profiles, user } from "#server/db/schema/index.ts";

export type NewAccount = {
  email: string;
  name: string;
  /** Absent for an account whose only way in is a passkey (/ativar): no password credential is made. */
  password?: string;
  role: Role;
  companyId: string | null;
  /** Already hashed (the caller hashed it outside its transaction); else `password` is hashed here. */
  passwordHash?: string;
  /** Set when the person consented to the processing of their wellbeing data (recorded in consent_events too). */
  wellbeingConsent?: { at: Date; version: string };
  /** When the account is activated: the app's clock, so a fake clock in tests moves it too (default: now). */
  createdAt?: Date;
  /** The account's id when it is already named elsewhere (the user handle of a passkey made before the account). */
  userId?: string;
};

export async function createAccount(db: Db, input: NewAccount, tx?: Db): Promise<{ userId: string }> {
  const hash = input.passwordHash ?? (input.password ? await hashPassword(input.password) : null);
  const userId = input.userId ?? randomUUID();
  const email = input.email.trim().toLowerCase();
  const write = async (t: Db) => {
    const createdAt = input.createdAt ?? new Date();
    await t.insert(user).values({ id: userId, name: input.name, email, emailVerified: true, createdAt });
    if (hash) {
      await t
        .insert(account)
        .values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: hash });
    }
    await t.insert(profiles).values({
      userId,
      name: input.name,
      email,
      role: input.role,
      companyId: input.companyId,
      wellbeingConsentAt: input.wellbeingConsent?.at ?? null,
      wellbeingConsentVersion: input.wellbeingConsent?.version ?? null,
      createdAt,
    });
    if (input.wellbeingConsent)
      await t.insert(consentEvents).values({ userId, kind: "given", ...input.wellbeingConsent });
  };
  if (tx) await write(tx);
  else await db.transaction(async (t) => write(t));
  return { userId };
}
