/**
 * The daily retention job (docs/decisions/016): what has served its purpose
 * is deleted, and check-in notes older than NOTES_RETENTION_DAYS are erased
 * (the check-in itself stays: the person's history and the published
 * aggregates need the mood, not the words); access events leave the
 * Registro de acessos after ACCESS_EVENTS_RETENTION_DAYS. Every step is a plain "delete
 * what is older than", so running it twice is harmless.
 */
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import { accessEventActions } from "#core/schemas/audit.ts";
import type { Db } from "#server/db/client.ts";
import {
  auditLog,
  invites,
  jobs,
  msteamsCards,
  msteamsLinkCodes,
  rateLimits,
  rosterApiAdditions,
  rosterApiHeld,
  rosterApiRequests,
  rosterImports,
  session,
  ssoRequests,
  userProgress,
  verification,
  whatsappStatuses,
} from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "./runner.ts";

const HELD_RETENTION_DAYS = 30;

/**
 * Finished jobs kept this long (the minute sweep and the reminders add rows
 * every day; a reminder's row only has to outlive its day, docs/decisions/019).
 */
const FINISHED_JOBS_RETENTION_DAYS = 7;
/**
 * Sign-ins, sign-outs, ended sessions and refusals in the Registro de acessos:
 * 12 months, the period /privacidade states for access records (the Marco
 * Civil's art. 15 asks for at least 6). Admin and team actions stay.
 */
export const ACCESS_EVENTS_RETENTION_DAYS = 365;
/** WhatsApp delivery statuses (no content) kept this long (docs/decisions/092). */
const WHATSAPP_STATUSES_RETENTION_DAYS = 30;
/** A Teams reminder card is answered the same day or not at all (docs/decisions/095). */
const MSTEAMS_CARDS_RETENTION_DAYS = 7;
/** Mail kept in the outbox of a trial install (DATA_DIR/outbox/*.eml). */
const OUTBOX_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export type RetentionResult = {
  sessions: number;
  verifications: number;
  invites: number;
  rateLimits: number;
  outboxFiles: number;
  notesErased: number;
  finishedJobs: number;
  accessEvents: number;
  rosterPreviews: number;
  idempotencyKeys: number;
  rosterApiAdditions: number;
  rosterApiHeld: number;
  ssoRequests: number;
  whatsappStatuses: number;
  msteamsCards: number;
  msteamsLinkCodes: number;
};

async function deleteOldOutboxFiles(outboxDir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch {
    return 0; // no outbox: SMTP is configured, or nothing was ever sent
  }
  let deleted = 0;
  for (const name of names.filter((file) => file.endsWith(".eml"))) {
    const file = path.join(outboxDir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtime < before) {
      await unlink(file).catch(() => {});
      deleted += 1;
    }
  }
  return deleted;
}

export async function runRetention(
  db: Db,
  options: { now: Date; notesRetentionDays: number; outboxDir: string },
): Promise<RetentionResult> {
  const { now } = options;
  const notesBefore = new Date(now.getTime() - options.notesRetentionDays * DAY_MS);
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  const usedOrExpired = await db
    .delete(invites)
    .where(or(isNotNull(invites.acceptedAt), lt(invites.expiresAt, now)))
    .returning({ id: invites.id });
  const limits = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  const notes = await db
    .update(userProgress)
    .set({ notes: null })
    .where(and(isNotNull(userProgress.notes), lt(userProgress.completedAt, notesBefore)))
    .returning({ id: userProgress.id });
  const finishedJobs = await db
    .delete(jobs)
    .where(lt(jobs.finishedAt, new Date(now.getTime() - FINISHED_JOBS_RETENTION_DAYS * DAY_MS)))
    .returning({ id: jobs.id });
  const accessEvents = await db
    .delete(auditLog)
    .where(
      and(
        inArray(auditLog.action, accessEventActions),
        lt(auditLog.createdAt, new Date(now.getTime() - ACCESS_EVENTS_RETENTION_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: auditLog.id });
  // An HR file previewed and never applied: its checked rows (CPF hashes, names, e-mails) go after a day.
  const rosterPreviews = await db
    .delete(rosterImports)
    .where(and(eq(rosterImports.status, "previewed"), lt(rosterImports.createdAt, new Date(now.getTime() - DAY_MS))))
    .returning({ id: rosterImports.id });
  // The HR API's remembered answers replay for a day only (docs/decisions/044).
  const idempotencyKeys = await db
    .delete(rosterApiRequests)
    .where(lt(rosterApiRequests.createdAt, new Date(now.getTime() - DAY_MS)))
    .returning({ key: rosterApiRequests.idempotencyKey });
  // The HR API's daily cap reads the last 24 hours only (docs/decisions/057).
  const apiAdditions = await db
    .delete(rosterApiAdditions)
    .where(lt(rosterApiAdditions.createdAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: rosterApiAdditions.id });
  // People an HR key sent past the cap and nobody confirmed in 30 days: not kept (docs/decisions/085).
  const held = await db
    .delete(rosterApiHeld)
    .where(lt(rosterApiHeld.createdAt, new Date(now.getTime() - HELD_RETENTION_DAYS * DAY_MS)))
    .returning({ id: rosterApiHeld.id });
  // A sign-in started at the company's provider and never finished (docs/decisions/047): gone once expired.
  const ssoRequestsGone = await db
    .delete(ssoRequests)
    .where(lt(ssoRequests.expiresAt, now))
    .returning({ id: ssoRequests.id });
  const statuses = await db
    .delete(whatsappStatuses)
    .where(lt(whatsappStatuses.at, new Date(now.getTime() - WHATSAPP_STATUSES_RETENTION_DAYS * DAY_MS)))
    .returning({ id: whatsappStatuses.id });
  // Teams' reminder cards (answered or not) after a week, and link codes once expired (docs/decisions/095).
  const cards = await db
    .delete(msteamsCards)
    .where(lt(msteamsCards.createdAt, new Date(now.getTime() - MSTEAMS_CARDS_RETENTION_DAYS * DAY_MS)))
    .returning({ tokenHash: msteamsCards.tokenHash });
  const linkCodes = await db
    .delete(msteamsLinkCodes)
    .where(lt(msteamsLinkCodes.expiresAt, now))
    .returning({ codeHash: msteamsLinkCodes.codeHash });
  const outboxFiles = await deleteOldOutboxFiles(
    options.outboxDir,
    new Date(now.getTime() - OUTBOX_RETENTION_DAYS * DAY_MS),
  );
  return {
    sessions: sessions.length,
    verifications: verifications.length,
    invites: usedOrExpired.length,
    rateLimits: limits.length,
    outboxFiles,
    notesErased: notes.length,
    finishedJobs: finishedJobs.length,
    accessEvents: accessEvents.length,
    rosterPreviews: rosterPreviews.length,
    idempotencyKeys: idempotencyKeys.length,
    rosterApiAdditions: apiAdditions.length,
    rosterApiHeld: held.length,
    ssoRequests: ssoRequestsGone.length,
    whatsappStatuses: statuses.length,
    msteamsCards: cards.length,
    msteamsLinkCodes: linkCodes.length,
  };
}

/** The daily job that runs it: app.ts lists it first among the product's jobs. */
export function retentionJobs({
  env,
}: {
  env: Pick<Env, "DATA_DIR" | "NOTES_RETENTION_DAYS" | "TZ_DEFAULT">;
}): JobDefinition[] {
  return [
    {
      name: "retention",
      label: "Retenção de dados",
      daily: { hour: 3, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) =>
        runRetention(db, {
          now,
          notesRetentionDays: env.NOTES_RETENTION_DAYS,
          outboxDir: path.join(env.DATA_DIR, "outbox"),
        }),
    },
  ];
}
