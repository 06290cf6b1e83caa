import { z } from "zod";
import { messages } from "../messages.ts";
import { roles } from "../roles.ts";
import { plainText } from "../text.ts";

export const themeSchema = z.enum(["light", "dark"]);
export type Theme = z.infer<typeof themeSchema>;

export const notificationPreferencesSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  reminders: z.boolean(),
  updates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Spec 9: e-mail, push and reminders on; updates off. */
export const defaultNotificationPreferences: NotificationPreferences = {
  email: true,
  push: true,
  reminders: true,
  updates: false,
};

export const DEFAULT_USER_NAME = "Usuário";
export const DEFAULT_TIMEZONE = "America/Sao_Paulo";

/** The in-app user of spec section 3, as GET /api/me returns it. */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  companyId: z.string().nullable(),
  avatar: z.string().nullable(),
  level: z.number().int(),
  xp: z.number().int(),
  engagementPoints: z.number().int(),
  themePreference: themeSchema.nullable(),
  notificationPreferences: notificationPreferencesSchema,
  timezone: z.string(),
  /** The consent for wellbeing data in force (text version and when), null when never given or revoked. */
  wellbeingConsent: z.object({ version: z.string(), at: z.string() }).nullable(),
  /** True when the profile could not be loaded and this user was built from the account alone. */
  profileIncomplete: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const updateMeInputSchema = z
  .object({
    name: plainText(messages.nameRequired)
      .trim()
      .min(1, messages.nameRequired)
      .max(120, "O nome deve ter no máximo 120 caracteres"),
    notificationPreferences: notificationPreferencesSchema,
    themePreference: themeSchema,
  })
  .partial()
  .strict();
export type UpdateMeInput = z.infer<typeof updateMeInputSchema>;
