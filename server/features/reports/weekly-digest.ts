/**
 * The manager's weekly digest (docs/decisions/019): on Monday from 08:00 in
 * the company's time zone, an hourly sweep enqueues one `digest` job per
 * manager and week (keyed `user|monday`, so at most one). The figures are
 * the report of the last closed week, Monday to Sunday, from buildReport:
 * published days only, hidden days stay hidden (docs/decisions/014).
 */
import { sql } from "drizzle-orm";
import { addDays, type IsoDay } from "#core/dates.ts";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { countOf, formatDayPtBR, formatDecimal, formatScaleRange } from "#core/format.ts";
import { localClock } from "#core/reminders.ts";
import type { Report } from "#core/schemas/reports.ts";
import { zonedInstant } from "#core/zoned-time.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { sendOnce, unsubscribeUrls } from "#server/features/notifications/index.ts";
import { enqueueJobs, type JobContext } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { digestMail } from "#server/mail/templates.ts";
import { buildReport } from "./company-stats.ts";
import { publishClosedDays } from "./publish-closed-days.ts";

const DIGEST_HOUR = 8;

type Manager = { user_id: string; name: string; email: string; company_id: string; timezone: string };

/** Managers of a company with 'E-mail' and 'Atualizações' on ('Atualizações' is off by default). */
async function digestRecipients(db: Db, userId?: string): Promise<Manager[]> {
  return rowsOf<Manager>(
    await db.execute(sql`
      SELECT p.user_id, p.name, p.email, p.company_id, c.timezone
      FROM profiles p JOIN companies c ON c.id = p.company_id
      WHERE p.role = 'manager'
        AND coalesce((p.notification_preferences->>'email')::boolean, true)
        AND coalesce((p.notification_preferences->>'updates')::boolean, false)
        ${userId ? sql`AND p.user_id = ${userId}` : sql``}`),
  );
}

/** The Monday whose digest is due at `now` in `timeZone`, or null (not Monday, or before 08:00). */
function digestMonday(now: Date, timeZone: string): IsoDay | null {
  const clock = localClock(now, timeZone);
  return clock.weekday === 1 && clock.minute >= DIGEST_HOUR * 60 ? clock.day : null;
}

export async function sweepDigests(db: Db, now: Date): Promise<{ enqueued: number }> {
  const digests = (await digestRecipients(db)).flatMap((manager) => {
    const monday = digestMonday(now, manager.timezone);
    if (!monday) return [];
    return [
      { name: "digest", key: `${manager.user_id}|${monday}`, runAt: now, payload: { userId: manager.user_id, monday } },
    ];
  });
  return { enqueued: await enqueueJobs(db, digests) };
}

/** The report of the seven closed days before `monday` (Monday to Sunday), whenever the job runs. */
function weekReport(db: Db, company: typeof companies.$inferSelect, monday: IsoDay, minGroup: number) {
  return buildReport(db, company, "7d", zonedInstant(monday, 12, company.timezone), minGroup);
}

export async function sendDigest(
  context: JobContext,
  deps: { mailer: Mailer; appUrl: string; unsubscribeKey: Buffer; privacyKey: Buffer; minGroup: number },
): Promise<{ sent: boolean }> {
  const { db, job } = context;
  const { userId, monday } = job.payload as { userId: string; monday: IsoDay };
  const [manager] = await digestRecipients(db, userId);
  if (!manager) return { sent: false }; // turned off, left the company, or no longer a manager
  const [company] = await db.select().from(companies).where(sql`${companies.id} = ${manager.company_id}`);
  if (!company) return { sent: false };
  // A job may publish (a reader never does): the company's newest days first, within one run's budget.
  await publishClosedDays(db, deps.privacyKey, context.now, deps.minGroup, { companyId: company.id });
  const [week, before] = await Promise.all([
    weekReport(db, company, monday, deps.minGroup),
    weekReport(db, company, addDays(monday, -7), deps.minGroup),
  ]);
  // Not a digest of half a week: the job tries again once the publishing job has caught up.
  if (week.preparingDays + before.preparingDays > 0) throw new Error("closed days still being published");
  return sendOnce(db, job, () =>
    deps.mailer.send(
      digestMail({
        to: manager.email,
        name: manager.name,
        companyName: company.name,
        from: formatDayPtBR(week.from),
        to_: formatDayPtBR(week.to),
        lines: digestLines(week, before),
        reportsUrl: `${deps.appUrl}/reports`,
        unsubscribe: unsubscribeUrls(deps.appUrl, deps.unsubscribeKey, "resumo", userId),
      }),
    ),
  );
}

function change(now: number, then: number, unit: string): string {
  if (Math.abs(now - then) < 0.05) return `estável em relação à semana anterior (${formatDecimal(then)}${unit})`;
  return `${now > then ? "subiu" : "caiu"} em relação à semana anterior (${formatDecimal(then)}${unit})`;
}

/** The digest's sentences, each with its numbers; a hidden mood says so and why. */
function digestLines(week: Report, before: Report): string[] {
  const lines = [
    `Participação: ${formatDecimal(week.participation)}% (cerca de ${countOf(week.checkIns, "check-in", "check-ins")}), ${change(week.participation, before.participation, "%")}.`,
  ];
  if (week.averageMood === null && week.grain === "month") {
    lines.push(
      `Humor médio: por mês. Em equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas o humor aparece só por mês encerrado, nos Relatórios, para que ninguém possa ser identificado.`,
    );
  } else if (week.averageMood === null) {
    lines.push(
      `Humor médio: oculto. A semana teve poucas respostas para mostrar um número que não exponha ninguém (é preciso que ao menos ${week.minGroup} membros respondam num dia).`,
    );
  } else {
    const hidden = week.days - week.moodDays;
    const trend = before.averageMood === null ? "" : `, ${change(week.averageMood, before.averageMood, "")}`;
    lines.push(
      `Humor médio: ${formatDecimal(week.averageMood)}, ${formatScaleRange(week.averageMood, week.averageMoodMargin)}, em ${week.moodDays} de ${week.days} dias${trend}.${
        hidden > 0
          ? ` ${countOf(hidden, "dia ficou oculto", "dias ficaram ocultos")} pela regra de privacidade (menos de ${week.minGroup} membros responderam).`
          : ""
      }`,
    );
  }
  lines.push(`Exercícios concluídos: ${week.exercisesCompleted} (na semana anterior, ${before.exercisesCompleted}).`);
  return lines;
}
