/** A company's sign-in as /login finds it: by the e-mail's domain, verified, with a provider configured. */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { ssoConnections, ssoDomains } from "#server/db/schema/index.ts";

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

export async function connectionForEmail(db: Db, email: string) {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.companyId, ssoDomains.companyId))
    .where(and(eq(ssoDomains.domain, domainOf(email)), isNotNull(ssoDomains.verifiedAt)));
  return row?.connection ?? null;
}

/** The e-mail belongs to one of the company's verified domains: a provider vouches only for its own company's people. */
export async function coversEmail(db: Db, companyId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(
      and(
        eq(ssoDomains.companyId, companyId),
        eq(ssoDomains.domain, domainOf(email)),
        isNotNull(ssoDomains.verifiedAt),
      ),
    );
  return Boolean(row);
}
