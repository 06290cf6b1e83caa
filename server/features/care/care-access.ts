/**
 * Who calls the care routes (docs/decisions/025, 068): a member of a company
 * (a member or a manager: care is what their employer offers), a psychologist
 * with their own profile, or either in a message thread. Each route declares
 * one of these as its access; the hook reads it before the handler.
 */
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { serverMessages } from "#core/server-messages.ts";
import { psychologists } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { defineAccess, requireRole } from "#server/features/auth/index.ts";

/** A member or manager of a company. */
export const careMember = defineAccess("roles", async (request) => {
  const viewer = await requireRole(request, "user", "manager");
  if (!viewer.companyId) throw new AppError("NO_COMPANY", serverMessages.careNeedsCompany);
  return { ...viewer, companyId: viewer.companyId };
});

async function ownPsychologist(request: FastifyRequest, userId: string) {
  const [row] = await request.server.deps.db.select().from(psychologists).where(eq(psychologists.userId, userId));
  if (!row) throw new AppError("FORBIDDEN", serverMessages.forbidden);
  return row;
}

/** The caller's own psychologist profile: the one place a psychologist is recognised. */
export const careProvider = defineAccess("psychologist", async (request) => {
  const viewer = await requireRole(request, "psychologist");
  return { viewer, psychologist: await ownPsychologist(request, viewer.userId) };
});

/** Who the caller is in threads: a member (by user id) or a psychologist (by their profile id). */
export const threadParty = defineAccess("roles", async (request) => {
  const viewer = await requireRole(request, "user", "manager", "psychologist");
  if (viewer.role !== "psychologist") return { viewer, memberId: viewer.userId, psychologistId: null };
  return { viewer, memberId: null, psychologistId: (await ownPsychologist(request, viewer.userId)).id };
});
