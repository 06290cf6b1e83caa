/** The rewards tests' member: signed in, in `company`, with `points` to spend (docs/decisions/028). */
import { eq } from "drizzle-orm";
import { profiles } from "#server/db/schema/index.ts";
import { type companyWithManager, signedInPerson } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

export async function memberWithPoints(
  t: TestApp,
  company: Awaited<ReturnType<typeof companyWithManager>>,
  points: number,
  name?: string,
) {
  const person = await signedInPerson(t.app, t.db, { companyId: company.company.id, name });
  await t.db.update(profiles).set({ engagementPoints: points }).where(eq(profiles.userId, person.userId));
  return person;
}
