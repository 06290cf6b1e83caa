import { z } from "zod";
import { settingsMessages } from "../settings-messages.ts";

/** The e-mails a link can stop: check-in reminders ('Lembretes') and the weekly digest ('Atualizações'). */
const unsubscribeLists = ["lembretes", "resumo"] as const;
export type UnsubscribeList = (typeof unsubscribeLists)[number];

export const unsubscribeQuerySchema = z.object({
  lista: z.enum(unsubscribeLists, { error: settingsMessages.unsubscribeInvalid }),
  u: z.string({ error: settingsMessages.unsubscribeInvalid }).min(1, settingsMessages.unsubscribeInvalid).max(100),
  t: z.string({ error: settingsMessages.unsubscribeInvalid }).min(1, settingsMessages.unsubscribeInvalid).max(100),
});

export const unsubscribeResultSchema = z.object({ lista: z.enum(unsubscribeLists) });

/** Web Push (docs/decisions/027): the browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const pushSubscriptionInputSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/, error: settingsMessages.pushSubscriptionInvalid }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z.string().regex(/^[\w-]{80,100}={0,2}$/, settingsMessages.pushSubscriptionInvalid),
        auth: z.string().regex(/^[\w-]{16,32}={0,2}$/, settingsMessages.pushSubscriptionInvalid),
      })
      .strict(),
  })
  .strict();

export const pushUnsubscribeInputSchema = z
  .object({ endpoint: z.url({ error: settingsMessages.pushSubscriptionInvalid }).max(2048) })
  .strict();

export const pushKeySchema = z.object({ publicKey: z.string() });
export const pushSubscriptionResultSchema = z.object({ subscribed: z.boolean(), message: z.string() });

/** The reminder channels a company's reach is shown by (docs/decisions/092). */
export const reminderChannels = ["push", "email", "whatsapp", "msteams"] as const;
export type ReminderChannel = (typeof reminderChannels)[number];

/** One closed month of one channel: noisy counts through the disclosure layer, null when hidden. */
const channelReachRowSchema = z.object({
  month: z.string(),
  channel: z.enum(reminderChannels),
  shown: z.boolean(),
  /** Members who chose the channel (noisy). */
  chose: z.number().nullable(),
  /** Of them, those with a check-in in the month (noisy). */
  active: z.number().nullable(),
  /** active ÷ chose, 0–1, null when hidden. */
  share: z.number().nullable(),
  /** The 90 % margin of each count. */
  countMargin: z.number(),
});
export const channelReachSchema = z.object({ minGroup: z.number(), rows: z.array(channelReachRowSchema) });
export type ChannelReach = z.infer<typeof channelReachSchema>;
