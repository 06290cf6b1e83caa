/**
 * The WhatsApp channel's jobs (docs/decisions/092): one member's reminder of one day, and one answer to
 * a member's message. A provider outage throws, and the runner retries with back-off (shown on the jobs'
 * health in Administração), then the reminder goes by app notification or e-mail (`sendChatReminder`); each
 * try reads the number again, so an opt-out in between stops it.
 */
import { eq } from "drizzle-orm";
import {
  isInsideServiceWindow,
  type WhatsappReplyKind,
  whatsappCheckInPath,
  whatsappReplyText,
} from "#core/whatsapp.ts";
import { whatsappNumbers } from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import { isReminderStillDue, sendChatReminder, sendOnce } from "#server/features/notifications/index.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import { senderOf, sendReminderTemplate, sendText } from "./cloud-api.ts";
import { confirmedNumberOf } from "./whatsapp-numbers.ts";

export function whatsappJobs({
  env,
  ssoKey,
}: {
  env: Pick<Env, "APP_URL" | "WHATSAPP_API_URL" | "WHATSAPP_API_VERSION">;
  ssoKey: Buffer;
}): JobDefinition[] {
  return [
    {
      // Enqueued by the `reminder` job for a member who chose WhatsApp, keyed `user|day` like it.
      name: "whatsapp-reminder",
      label: "Lembrete de check-in por WhatsApp de uma pessoa",
      followsPeople: true,
      run: async (context) => {
        const { db, now, job } = context;
        const { userId, day } = job.payload as { userId: string; day: string };
        const number = await confirmedNumberOf(db, userId);
        // Opted out, or past the hour, the quiet hours or the day since it was queued: nothing goes.
        if (!number || !(await isReminderStillDue(db, userId, day, now))) return { sent: false };
        const sender = await senderOf(db, ssoKey, number.companyId);
        if (!sender) return { sent: false };
        // A template: allowed outside the 24-hour window; the link opens the check-in and signs nobody in.
        return sendChatReminder(context, async () => {
          await sendReminderTemplate(env, sender, number.phone, whatsappCheckInPath);
        });
      },
    },
    {
      // Enqueued by the webhook, keyed by the member's message id; the message itself is not kept.
      name: "whatsapp-reply",
      label: "Resposta automática a uma mensagem no WhatsApp",
      followsPeople: true,
      run: async ({ db, now, job }) => {
        const { userId, kind } = job.payload as { userId: string; kind: WhatsappReplyKind };
        const [number] = await db.select().from(whatsappNumbers).where(eq(whatsappNumbers.userId, userId));
        if (!number || !isInsideServiceWindow(number.lastInboundAt, now)) return { sent: false };
        // After an opt-out only its own confirmation goes, once.
        if (number.status === "opted_out" && kind !== "opted-out") return { sent: false };
        const sender = await senderOf(db, ssoKey, number.companyId);
        if (!sender) return { sent: false };
        return sendOnce(db, job, async () => {
          await sendText(env, sender, number.phone, whatsappReplyText(kind, env.APP_URL));
        });
      },
    },
  ];
}
