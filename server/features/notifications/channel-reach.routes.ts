/**
 * Reach by channel, in aggregate (issue 50 item 5, docs/decisions/092, 095 for Teams): for each of the last closed
 * months and each reminder channel, how many members chose it and how many of them checked in that
 * month, through the disclosure layer (noisy, stored once, hidden on the noisy count). Never who chose
 * what: a manager reads two noisy counts per channel and month, nothing per person.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { closedMonthsBefore, monthStart, nextMonth } from "#core/care.ts";
import { addDays } from "#core/dates.ts";
import { channelReachSchema, type ReminderChannel, reminderChannels } from "#core/schemas/notifications.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { isGroupWithheld } from "#core/team-metrics.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { membershipCovers } from "#server/db/membership-at.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { disclose } from "#server/features/disclosure/index.ts";

const MONTHS = 3;

type Person = {
  user_id: string;
  push: boolean;
  email: boolean;
  whatsapp: boolean;
  msteams: boolean;
  active: boolean;
};

/**
 * The members who were in the company before the month began, with the channels they chose for reminders
 * (as read when the month's figure is first released: disclose stores it then) and whether they checked in
 * during the month.
 */
async function peopleOf(db: Db, companyId: string, month: string): Promise<Person[]> {
  const from = monthStart(month).toISOString();
  const fromDay = `${month}-01`;
  const toDay = `${nextMonth(month)}-01`;
  return rowsOf<Person>(
    await db.execute(sql`
      SELECT p.user_id,
        coalesce((p.notification_preferences->>'reminders')::boolean, true)
          AND coalesce((p.notification_preferences->>'push')::boolean, true)
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p.user_id) AS push,
        coalesce((p.notification_preferences->>'reminders')::boolean, true)
          AND coalesce((p.notification_preferences->>'email')::boolean, true)
          AND p.email NOT LIKE '%.invalid' AS email,
        coalesce((p.notification_preferences->>'reminders')::boolean, true)
          AND coalesce((p.notification_preferences->>'whatsapp')::boolean, false)
          AND EXISTS (SELECT 1 FROM whatsapp_numbers w WHERE w.user_id = p.user_id AND w.status = 'confirmed') AS whatsapp,
        coalesce((p.notification_preferences->>'reminders')::boolean, true)
          AND EXISTS (SELECT 1 FROM msteams_accounts a WHERE a.user_id = p.user_id AND a.company_id = ${companyId}
            AND a.opted_in) AS msteams,
        EXISTS (SELECT 1 FROM user_progress u WHERE u.user_id = p.user_id AND u.mood IS NOT NULL
          AND u.day >= ${fromDay}::date AND u.day < ${toDay}::date) AS active
      FROM profiles p
      JOIN company_memberships m ON m.user_id = p.user_id AND m.company_id = ${companyId}
      WHERE p.company_id = ${companyId} AND p.role IN ('user', 'manager')
        AND ${membershipCovers(sql`m`, sql`${from}::timestamptz`)}`),
  );
}

export async function channelReachRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env, privacyKey } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;

  app.get(
    "/api/reports/channel-reach",
    {
      config: { access: companyManager },
      schema: {
        tags: ["relatórios"],
        summary:
          "Alcance dos lembretes por canal em cada mês encerrado: quantos escolheram e quantos fizeram check-in (com ruído e margem)",
        querystring: companyScopeQuerySchema,
        response: { 200: channelReachSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const months = closedMonthsBefore(now(), MONTHS);
      const people = await Promise.all(months.map((month) => peopleOf(db, company.id, month)));
      const cells = months.flatMap((month, i) =>
        reminderChannels.map((channel) => ({ month, channel, people: (people[i] ?? []).filter((p) => p[channel]) })),
      );
      const windowEnd = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
      const figures = await disclose(
        db,
        privacyKey,
        company.id,
        minGroup,
        cells.flatMap(({ month, channel, people: chose }) => [
          {
            figure: "channelReach" as const,
            subject: `${month}|${channel}|chose`,
            windowEnd: windowEnd(month),
            values: chose.map(() => 1),
          },
          {
            figure: "channelReach" as const,
            subject: `${month}|${channel}|active`,
            windowEnd: windowEnd(month),
            values: chose.filter((p) => p.active).map(() => 1),
          },
        ]),
      );
      return {
        minGroup,
        rows: cells.map(({ month, channel }, i) => {
          const chose = figures[2 * i];
          const active = figures[2 * i + 1];
          const members = people[months.indexOf(month)]?.length ?? 0;
          // Both counts must pass on their own noisy count; a company under the minimum shows nothing.
          const shown = Boolean(chose?.shown && active?.shown) && !isGroupWithheld(members, minGroup);
          const choseCount = shown ? (chose?.count ?? null) : null;
          const activeCount = shown ? Math.min(active?.count ?? 0, choseCount ?? 0) : null;
          return {
            month,
            channel: channel as ReminderChannel,
            shown,
            chose: choseCount,
            active: activeCount,
            share: shown && choseCount ? (activeCount ?? 0) / choseCount : null,
            countMargin: chose?.countMargin ?? 0,
          };
        }),
      };
    },
  );
}
