/** The Microsoft Teams channel's requests and answers (docs/decisions/095). */
import { z } from "zod";
import { isGuid } from "../msteams.ts";
import { msteamsMessages } from "../msteams-messages.ts";

// Administração › a company › Teams
export const msteamsConnectionInputSchema = z
  .object({
    appId: z.string().trim().refine(isGuid, { error: msteamsMessages.appIdInvalid }),
    tenantId: z.string().trim().refine(isGuid, { error: msteamsMessages.tenantIdInvalid }),
    /** Left empty when editing: the stored secret stays. */
    clientSecret: z.string().trim().max(500).optional(),
  })
  .strict();
export type MsteamsConnectionInput = z.infer<typeof msteamsConnectionInputSchema>;

export const msteamsSettingsSchema = z.object({
  connection: z.object({ appId: z.string(), tenantId: z.string(), hasClientSecret: z.boolean() }).nullable(),
  /** What IT sets as the Azure Bot's messaging endpoint. */
  messagingEndpoint: z.string(),
});
export type MsteamsSettings = z.infer<typeof msteamsSettingsSchema>;

// Configurações › Lembretes › Teams
export const myMsteamsSchema = z.object({
  /** The company connected a Teams bot: only then is the row shown. */
  available: z.boolean(),
  linked: z.boolean(),
  optedIn: z.boolean(),
});
export type MyMsteams = z.infer<typeof myMsteamsSchema>;

export const msteamsLinkInputSchema = z
  .object({ code: z.string().trim().min(20, msteamsMessages.linkInvalid).max(100, msteamsMessages.linkInvalid) })
  .strict();

/** The chat a link code would bind: the name Teams shows, so the person sees whose chat it is. */
export const msteamsPendingLinkSchema = z.object({ teamsName: z.string().nullable() });
export type MsteamsPendingLink = z.infer<typeof msteamsPendingLinkSchema>;

export const msteamsOptInputSchema = z.object({ optedIn: z.boolean() }).strict();
