/**
 * Handlers are told that the Canal de escuta has something new (docs/decisions/052): each morning, one
 * e-mail to each active handler who may see a case the reporter opened or answered the day before, in
 * the product's time zone. Not at the moment: a mail's time would tell the handler when the person
 * wrote, finer than the day the case shows (049). An excluded handler gets nothing for that case.
 */
import { and, eq, exists, notExists, sql } from "drizzle-orm";
import { addDays, localDay } from "#core/dates.ts";
import type { Db } from "#server/db/client.ts";
import {
  listeningCases,
  listeningExclusions,
  listeningHandlers,
  listeningMessages,
  profiles,
} from "#server/db/schema/index.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { listeningNoticeMail } from "#server/mail/templates.ts";

export async function sendHandlerNotices(
  db: Db,
  options: { day: string; mailer: Mailer; appUrl: string },
): Promise<{ sent: number }> {
  const yesterday = addDays(options.day, -1);
  const news = db
    .select({ one: sql`1` })
    .from(listeningMessages)
    .innerJoin(listeningCases, eq(listeningCases.id, listeningMessages.caseId))
    .where(
      and(
        eq(listeningCases.companyId, listeningHandlers.companyId),
        eq(listeningMessages.author, "reporter"),
        eq(listeningMessages.writtenOn, yesterday),
        notExists(
          db
            .select({ one: sql`1` })
            .from(listeningExclusions)
            .where(
              and(
                eq(listeningExclusions.caseId, listeningCases.id),
                eq(listeningExclusions.handlerId, listeningHandlers.id),
              ),
            ),
        ),
      ),
    );
  const handlers = await db
    .select({ email: profiles.email, name: profiles.name })
    .from(listeningHandlers)
    .innerJoin(profiles, eq(profiles.userId, listeningHandlers.userId))
    .where(
      and(eq(listeningHandlers.isActive, true), eq(profiles.companyId, listeningHandlers.companyId), exists(news)),
    );
  const url = `${options.appUrl}/escuta/casos`;
  for (const handler of handlers)
    await options.mailer.send(listeningNoticeMail({ to: handler.email, name: handler.name, url }));
  return { sent: handlers.length };
}

/** The day a daily run stands for: its key, or today's when run otherwise. */
export function dayOfRun(key: string, now: Date, timeZone: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(key) ? key : localDay(now, timeZone);
}
