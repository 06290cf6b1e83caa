/**
 * Which group sessions a caller may manage or see: the one place these rules
 * live (docs/decisions/024). A manager manages their company's sessions; an
 * admin any, including open platform webinars. A member sees their company's
 * sessions and the platform's.
 */
import { eq } from "drizzle-orm";
import { groupSessionMessages as m, messages } from "#core/messages.ts";
import type { Db } from "#server/db/client.ts";
import { groupSessions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import type { Viewer } from "#server/features/auth/viewer.ts";
import type { GroupSessionRow } from "./managed-view.ts";

async function findSession(db: Db, id: string): Promise<GroupSessionRow> {
  const [session] = await db.select().from(groupSessions).where(eq(groupSessions.id, id));
  if (!session) throw new AppError("NOT_FOUND", m.notFound);
  return session;
}

/** Another company's session is 'not found', not 'forbidden': its existence is not the caller's to learn. */
export async function managedSession(db: Db, viewer: Viewer, id: string): Promise<GroupSessionRow> {
  const session = await findSession(db, id);
  if (viewer.role === "admin") return session;
  if (!viewer.companyId) throw new AppError("NO_COMPANY", messages.noCompany);
  if (session.companyId !== viewer.companyId) throw new AppError("NOT_FOUND", m.notFound);
  return session;
}

/** The company of a member or manager taking part (admins have none). */
export function participantCompany(viewer: Viewer): string {
  if (!viewer.companyId || viewer.role === "admin") throw new AppError("NO_COMPANY", m.noCompany);
  return viewer.companyId;
}

/**
 * Support groups are for members only: a manager taking part could read the
 * group's fullness and their own waitlist place as they move, which is the
 * live count the company must not watch (docs/decisions/024, "Counts that do
 * not move"). Managers have individual care (Apoio psicológico) instead.
 */
export function takesPartIn(viewer: Viewer, session: Pick<GroupSessionRow, "kind">): boolean {
  return session.kind === "workshop" || viewer.role === "user";
}

export async function visibleSession(db: Db, viewer: Viewer, id: string): Promise<GroupSessionRow> {
  const companyId = participantCompany(viewer);
  const session = await findSession(db, id);
  if (session.audience !== "platform" && session.companyId !== companyId) throw new AppError("NOT_FOUND", m.notFound);
  if (!takesPartIn(viewer, session)) throw new AppError("FORBIDDEN", m.supportGroupMembersOnly);
  return session;
}
