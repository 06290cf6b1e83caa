import { z } from "zod";
import { roles } from "../roles.ts";
import { settingsMessages } from "../settings-messages.ts";
import { plainText } from "../text.ts";

const themeSchema = z.enum(["light", "dark"]);
export type Theme = z.infer<typeof themeSchema>;

/** A wall-clock time, "HH:MM" (24 h). */
const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: settingsMessages.reminderTimeInvalid });

export const notificationPreferencesSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  /** The reminder by WhatsApp (docs/decisions/092): on only with a number the member confirmed by code. */
  whatsapp: z.boolean(),
  reminders: z.boolean(),
  updates: z.boolean(),
  /** When the check-in reminder goes out, in the person's time zone (docs/decisions/019). */
  reminderTime: clockTimeSchema,
  /** Days of the week it goes out: 0 = domingo … 6 = sábado. */
  reminderDays: z
    .array(z.number().int().min(0).max(6), { error: settingsMessages.reminderDaysInvalid })
    .max(7)
    .refine((days) => new Set(days).size === days.length, { error: settingsMessages.reminderDaysInvalid }),
  /** Nothing is sent from quietStart to quietEnd (may cross midnight; equal means no quiet hours). */
  quietStart: clockTimeSchema,
  quietEnd: clockTimeSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Spec 9: e-mail, push and reminders on; updates and WhatsApp off. Reminders at 09:30 on weekdays, quiet 20:00–08:00. */
export const defaultNotificationPreferences: NotificationPreferences = {
  email: true,
  push: true,
  whatsapp: false,
  reminders: true,
  updates: false,
  reminderTime: "09:30",
  reminderDays: [1, 2, 3, 4, 5],
  quietStart: "20:00",
  quietEnd: "08:00",
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
});
export type Me = z.infer<typeof meSchema>;

export const updateMeInputSchema = z
  .object({
    name: plainText(settingsMessages.nameRequired)
      .trim()
      .min(1, settingsMessages.nameRequired)
      .max(120, "O nome deve ter no máximo 120 caracteres"),
    /** Only the preferences sent change; the server refuses a reminder time inside the quiet hours. */
    notificationPreferences: notificationPreferencesSchema.partial().strict(),
    themePreference: themeSchema,
  })
  .partial()
  .strict();
export type UpdateMeInput = z.infer<typeof updateMeInputSchema>;
