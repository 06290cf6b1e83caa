/**
 * The quarterly WHO-5 nudge (docs/decisions/078), through the reminders the
 * member already chose: a daily sweep finds who is offered the questionnaire
 * now (core/who5.ts: consented, nothing this quarter, 80 days since the last,
 * no 'Agora não' running) with reminders on and a way to receive them, and
 * enqueues one `who5-nudge` job keyed (person, quarter): the unique key of
 * `jobs` makes it once a quarter across processes and retries. The job checks
 * again when it runs and sends at most once. No score or answer goes in it.
 */
import { sql } from "drizzle-orm";
import { isInQuietHours, localClock } from "#core/reminders.ts";
import { defaultNotificationPreferences, type NotificationPreferences } from "#core/schemas/me.ts";
import { quarterOf, WHO5_CONSENT_VERSION, WHO5_MIN_DAYS_BETWEEN, who5Offer } from "#core/who5.ts";
import { who5Messages } from "#core/who5-messages.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import {
  type PushMessage,
  pushToUser,
  sendOnce,
  unsubscribeUrls,
  type VapidKeys,
} from "#server/features/notifications/index.ts";
import { enqueueJobs, type JobContext } from "#server/jobs/runner.ts";
import { layout } from "#server/mail/layout.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export const WHO5_NUDGE_JOB = "who5-nudge";

type Candidate = {
  user_id: string;
  name: string;
  email: string;
  timezone: string;
  notification_preferences: Partial<NotificationPreferences>;
  by_email: boolean;
  by_push: boolean;
  last_answered_at: string | null;
};

/** People of a company with the current WHO-5 consent, reminders on, a channel, and no answer in 80 days. */
async function nudgeCandidates(db: Db, now: Date, only?: string): Promise<Candidate[]> {
  const since = new Date(now.getTime() - WHO5_MIN_DAYS_BETWEEN * 86_400_000).toISOString();
  return rowsOf<Candidate>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT user_id, name, email, timezone, notification_preferences,
          coalesce((notification_preferences->>'email')::boolean, true) AS by_email,
          coalesce((notification_preferences->>'push')::boolean, true)
            AND EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = profiles.user_id) AS by_push,
          (SELECT max(answered_at)::text FROM who5_answers WHERE who5_answers.user_id = profiles.user_id) AS last_answered_at
        FROM profiles
        WHERE company_id IS NOT NULL AND role IN ('user', 'manager')
          ${only ? sql`AND user_id = ${only}` : sql``}
          AND coalesce((notification_preferences->>'reminders')::boolean, true)
          AND (SELECT kind = 'given' AND version = ${WHO5_CONSENT_VERSION} FROM who5_consent_events
                WHERE who5_consent_events.user_id = profiles.user_id ORDER BY at DESC, id DESC LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM who5_dismissals
                WHERE who5_dismissals.user_id = profiles.user_id AND who5_dismissals.until > ${now.toISOString()}::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM who5_answers
                WHERE who5_answers.user_id = profiles.user_id AND who5_answers.answered_at > ${since}::timestamptz)
      ) AS people WHERE by_email OR by_push`),
  );
}

/** The quarter a nudge is due for now, or null: the same rule as the Painel's offer, outside quiet hours. */
function dueQuarter(person: Candidate, now: Date): string | null {
  const lastAnsweredAt = person.last_answered_at ? new Date(person.last_answered_at) : null;
  const offer = who5Offer(
    {
      consent: { kind: "given", version: WHO5_CONSENT_VERSION },
      lastAnsweredAt,
      dismissedUntil: null,
      timezone: person.timezone,
    },
    now,
  );
  if (offer !== "questionnaire") return null;
  const preferences = { ...defaultNotificationPreferences, ...person.notification_preferences };
  const clock = localClock(now, person.timezone);
  if (isInQuietHours(clock.minute, preferences.quietStart, preferences.quietEnd)) return null;
  return quarterOf(clock.day);
}

/** The daily sweep: one `who5-nudge` per person and quarter, whoever enqueues it first. */
export async function sweepWho5Nudges(db: Db, now: Date): Promise<{ enqueued: number }> {
  const due = (await nudgeCandidates(db, now)).flatMap((person) => {
    const quarter = dueQuarter(person, now);
    return quarter
      ? [
          {
            name: WHO5_NUDGE_JOB,
            key: `${person.user_id}|${quarter}`,
            runAt: now,
            payload: { userId: person.user_id, quarter },
          },
        ]
      : [];
  });
  return { enqueued: await enqueueJobs(db, due) };
}

const who5Push: PushMessage = {
  title: "Índice de Bem-Estar do trimestre",
  body: "Cinco perguntas curtas sobre as suas últimas duas semanas. Só você vê.",
  url: "/dashboard",
  tag: "who5-trimestral",
};

/** One person's nudge of one quarter: still due when it runs, then sent at most once. */
export async function sendWho5Nudge(
  context: JobContext,
  deps: { mailer: Mailer; appUrl: string; unsubscribeKey: Buffer; vapid: VapidKeys },
): Promise<{ sent: boolean }> {
  const { db, now, job } = context;
  const { userId, quarter } = job.payload as { userId: string; quarter: string };
  const [person] = await nudgeCandidates(db, now, userId);
  if (!person || dueQuarter(person, now) !== quarter) return { sent: false };
  return sendOnce(db, job, async () => {
    if (person.by_email) {
      const url = `${deps.appUrl}/dashboard`;
      const unsubscribe = unsubscribeUrls(deps.appUrl, deps.unsubscribeKey, "lembretes", userId);
      const paragraphs = [`Olá, ${person.name}!`, who5Messages.nudgeBody];
      const footer = `Você recebe este e-mail porque ativou os lembretes em Configurações › Notificações e aceitou o Índice de Bem-Estar. Para não receber mais, descadastre-se: ${unsubscribe.pageUrl}`;
      await deps.mailer.send({
        to: person.email,
        subject: who5Messages.nudgeSubject,
        html: layout(who5Messages.nudgeSubject, paragraphs, { label: who5Messages.nudgeButton, url }, footer),
        text: `${paragraphs.join("\n\n")}\n\n${who5Messages.nudgeButton}: ${url}\n\n${footer}\n\nSereno`,
        headers: {
          "List-Unsubscribe": `<${unsubscribe.oneClickUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    }
    if (person.by_push) await pushToUser(db, deps.vapid, userId, who5Push);
  });
}
