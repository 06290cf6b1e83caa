import { z } from "zod";
import { sessionMessages } from "../settings-messages.ts";

/** One of the signed-in person's sessions (Configurações › Sessões ativas); never its token. */
const activeSessionSchema = z.object({
  id: z.string(),
  /** 'Chrome no Windows' (core/device-label.ts). */
  device: z.string(),
  /** '177.34.12.x' (core/approximate-address.ts). */
  address: z.string(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z.object({ items: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

/** better-auth's session ids are 32 letters and digits; anything else is no session of anyone's. */
export const sessionIdParamsSchema = z.object({
  id: z.string().regex(/^[\w-]{1,128}$/, sessionMessages.notFound),
});

export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
