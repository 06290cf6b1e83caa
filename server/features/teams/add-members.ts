/**
 * Adding many people to a company at once (the roster import, issue 37): the
 * auth users and their profiles in batched multi-row inserts, in one
 * transaction, so 50,000 people take a few dozen statements. The profiles'
 * statement-level trigger (migration 0029) opens each membership and moves
 * the company's member count once per statement, so the cost is linear in the
 * people added. People whose e-mail already has an account are left out and
 * returned, never moved between companies here. No password is set: people
 * sign in by the invitation or recovery link, or with Google (docs/decisions/009).
 * The plan's member limit is the caller's to check, with the company locked.
 */
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { profiles, user } from "#server/db/schema/index.ts";

export type NewMember = { name: string; email: string; role?: "user" | "manager" };

/** Rows per insert: well under PostgreSQL's 65,535 parameters for the profile's columns. */
const BATCH = 2_000;

export async function addMembers(
  db: Db,
  companyId: string,
  people: readonly NewMember[],
  options: { createdAt?: Date; batchSize?: number } = {},
): Promise<{ added: { userId: string; email: string }[]; existing: string[] }> {
  const createdAt = options.createdAt ?? new Date();
  const batch = options.batchSize ?? BATCH;
  // One row per address, as accounts are (e-mail is unique, compared in lower case).
  const unique = new Map(people.map((person) => [person.email.trim().toLowerCase(), person]));
  const added: { userId: string; email: string }[] = [];
  const existing: string[] = [];
  await db.transaction(async (tx) => {
    const entries = [...unique.entries()];
    for (let start = 0; start < entries.length; start += batch) {
      const slice = entries.slice(start, start + batch);
      const taken = new Set(
        (
          await tx
            .select({ email: user.email })
            .from(user)
            .where(
              inArray(
                user.email,
                slice.map(([email]) => email),
              ),
            )
        ).map((row) => row.email),
      );
      const fresh = slice
        .filter(([email]) => !taken.has(email))
        .map(([email, person]) => ({ userId: randomUUID(), email, person }));
      existing.push(...slice.filter(([email]) => taken.has(email)).map(([email]) => email));
      if (fresh.length === 0) continue;
      await tx
        .insert(user)
        .values(fresh.map(({ userId, email, person }) => ({ id: userId, name: person.name.trim(), email, createdAt })));
      await tx.insert(profiles).values(
        fresh.map(({ userId, email, person }) => ({
          userId,
          name: person.name.trim(),
          email,
          role: person.role ?? "user",
          companyId,
          createdAt,
        })),
      );
      added.push(...fresh.map(({ userId, email }) => ({ userId, email })));
    }
  });
  return { added, existing };
}
