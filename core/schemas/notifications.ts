import { z } from "zod";
import { messages } from "../messages.ts";

/** The e-mails a link can stop: check-in reminders ('Lembretes') and the weekly digest ('Atualizações'). */
const unsubscribeLists = ["lembretes", "resumo"] as const;
export type UnsubscribeList = (typeof unsubscribeLists)[number];

export const unsubscribeQuerySchema = z.object({
  lista: z.enum(unsubscribeLists, { error: messages.unsubscribeInvalid }),
  u: z.string({ error: messages.unsubscribeInvalid }).min(1, messages.unsubscribeInvalid).max(100),
  t: z.string({ error: messages.unsubscribeInvalid }).min(1, messages.unsubscribeInvalid).max(100),
});

export const unsubscribeResultSchema = z.object({ lista: z.enum(unsubscribeLists) });

/** Web Push (docs/decisions/027): the browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const pushSubscriptionInputSchema = z
  .object({
    endpoint: z.url({ protocol: /^https?$/, error: messages.pushSubscriptionInvalid }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z.string().regex(/^[\w-]{80,100}={0,2}$/, messages.pushSubscriptionInvalid),
        auth: z.string().regex(/^[\w-]{16,32}={0,2}$/, messages.pushSubscriptionInvalid),
      })
      .strict(),
  })
  .strict();

export const pushUnsubscribeInputSchema = z
  .object({ endpoint: z.url({ error: messages.pushSubscriptionInvalid }).max(2048) })
  .strict();

export const pushKeySchema = z.object({ publicKey: z.string() });
export const pushSubscriptionResultSchema = z.object({ subscribed: z.boolean(), message: z.string() });
