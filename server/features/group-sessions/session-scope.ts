/**
 * Which group sessions a caller may manage or see: the one place these rules
 * live (docs/decisions/024). A manager manages their company's sessions; an
 * admin any, including open platform webinars. A member sees their company's
 * sessions and the platform's.
 */
import { and, eq, inArray } from "drizzle-orm";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import { messages } from "#core/messages.ts";
import type { Db } from "#server/db/client.ts";
import {
  type GroupSessionRow,
  groupSessionRegistrations,
  groupSessions,
  psychologists,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import {
  type Company,
  defineAccess,
  requireCompanyManager,
  requireRole,
  type Viewer,
} from "#server/features/auth/index.ts";
import { inAudience } from "./audience.ts";

async function hasPlace(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groupSessionRegistrations.id })
    .from(groupSessionRegistrations)
    .where(
      and(
        eq(groupSessionRegistrations.sessionId, sessionId),
        eq(groupSessionRegistrations.userId, userId),
        inArray(groupSessionRegistrations.status, ["registered", "waitlisted", "attended"]),
      ),
    );
  return Boolean(row);
}

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

/** A session the calling psychologist conducts; any other is 'not found'. */
export async function facilitatedSession(db: Db, viewer: Viewer, id: string): Promise<GroupSessionRow> {
  const session = await findSession(db, id);
  const [mine] = await db
    .select({ id: psychologists.id })
    .from(psychologists)
    .where(eq(psychologists.userId, viewer.userId));
  if (!mine || session.facilitatorPsychologistId !== mine.id) throw new AppError("NOT_FOUND", m.notFound);
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
  // Outside the audience (another sector) is 'not found' too, unless they already have a place (moved sector since).
  const audience = await inAudience(db, [session], { userId: viewer.userId, companyId });
  if (!audience.has(session.id) && !(await hasPlace(db, session.id, viewer.userId)))
    throw new AppError("NOT_FOUND", m.notFound);
  if (!takesPartIn(viewer, session)) throw new AppError("FORBIDDEN", m.supportGroupMembersOnly);
  return session;
}

/** Whose sessions a manager or admin manages: a company's (requireCompanyManager), or the platform's, an admin's only. */
function managedAudience(from: "query" | "body") {
  return defineAccess("companyManager", async (request): Promise<{ viewer: Viewer; company: Company | null }> => {
    const { audience, companyId } = (request[from] ?? {}) as { audience?: string; companyId?: string };
    if (audience !== "platform") return requireCompanyManager(request, companyId);
    const viewer = await requireRole(request, "manager", "admin");
    if (viewer.role !== "admin") throw new AppError("FORBIDDEN", m.platformAdminOnly);
    return { viewer, company: null };
  });
}
export const audienceOfQuery = managedAudience("query");
export const audienceOfBody = managedAudience("body");
