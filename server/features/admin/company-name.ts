/**
 * One company per name, ignoring case and accents (issue 45, docs/decisions/058): 'Café Ltda' and
 * 'CAFE LTDA' are the same company to an admin reading the list, and a second one would split its
 * people and history without anyone noticing.
 */
import { sql } from "drizzle-orm";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { foldedEquals } from "#server/db/folded-search.ts";
import { companies } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

/**
 * Refuses (409) a name another company has. Call it in the transaction that inserts the company: the
 * transaction-scoped lock makes two admins creating 'Café' at once wait for each other, so the second
 * sees the first's row (a folded unique index would need every existing duplicate resolved first).
 */
export async function assertCompanyNameFree(tx: Db, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('companies.name'))`);
  const [taken] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(foldedEquals(companies.name, name))
    .limit(1);
  if (taken) throw new AppError("CONFLICT", serverMessages.companyNameTaken, { field: "name" });
}
