import { z } from "zod";
import { messages } from "../messages.ts";

/** The e-mails a link can stop: check-in reminders ('Lembretes') and the weekly digest ('Atualizações'). */
export const unsubscribeLists = ["lembretes", "resumo"] as const;
export type UnsubscribeList = (typeof unsubscribeLists)[number];

export const unsubscribeQuerySchema = z.object({
  lista: z.enum(unsubscribeLists, { error: messages.unsubscribeInvalid }),
  u: z.string({ error: messages.unsubscribeInvalid }).min(1, messages.unsubscribeInvalid).max(100),
  t: z.string({ error: messages.unsubscribeInvalid }).min(1, messages.unsubscribeInvalid).max(100),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

export const unsubscribeResultSchema = z.object({ lista: z.enum(unsubscribeLists) });
