/**
 * Which company a team route acts on: a manager always their own (another id
 * is refused), an admin the one they name. The one place this rule lives.
 */
import { eq } from "drizzle-orm";
import { messages } from "#core/messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import type { Viewer } from "#server/features/auth/viewer.ts";

export type Company = typeof companies.$inferSelect;

/** The id of the company `viewer` acts on, or the refusal. */
export function scopedCompanyId(viewer: Viewer, requestedId: string | undefined): string {
  if (viewer.role === "admin") {
    if (!requestedId) throw new AppError("BAD_REQUEST", messages.companyIdMissing);
    return requestedId;
  }
  if (!viewer.companyId) throw new AppError("NO_COMPANY", messages.noCompany);
  if (requestedId && requestedId !== viewer.companyId) throw new AppError("FORBIDDEN", messages.forbidden);
  return viewer.companyId;
}

export async function companyScope(db: Db, viewer: Viewer, requestedId: string | undefined): Promise<Company> {
  const companyId = scopedCompanyId(viewer, requestedId);
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND", messages.companyNotFound);
  return company;
}
