/** The WhatsApp channel's requests and answers (docs/decisions/092). */
import { z } from "zod";
import { normalizeWhatsappNumber } from "../whatsapp.ts";
import { whatsappMessages } from "../whatsapp-messages.ts";

// Administração › a company › WhatsApp
export const whatsappConnectionInputSchema = z
  .object({
    phoneNumberId: z
      .string()
      .trim()
      .regex(/^\d{5,30}$/, { error: whatsappMessages.phoneNumberIdInvalid }),
    /** Left empty when editing: the stored token stays. */
    accessToken: z.string().trim().max(2000).optional(),
    appSecret: z.string().trim().max(500).optional(),
  })
  .strict();
export type WhatsappConnectionInput = z.infer<typeof whatsappConnectionInputSchema>;

export const workingDaysInputSchema = z
  .object({
    workingDays: z
      .array(z.number().int().min(0).max(6), { error: whatsappMessages.workingDaysInvalid })
      .min(1, { error: whatsappMessages.workingDaysInvalid })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: whatsappMessages.workingDaysInvalid }),
  })
  .strict();

export const whatsappSettingsSchema = z.object({
  connection: z
    .object({ phoneNumberId: z.string(), hasAccessToken: z.boolean(), hasAppSecret: z.boolean() })
    .nullable(),
  /** What the admin pastes in Meta's webhook settings. */
  webhookUrl: z.string(),
  verifyToken: z.string().nullable(),
  workingDays: z.array(z.number().int()),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;

// Configurações › Lembretes
export const myWhatsappSchema = z.object({
  /** The company connected its number: the member may choose WhatsApp. */
  available: z.boolean(),
  status: z.enum(["none", "pending", "confirmed", "opted_out"]),
  /** Masked: '+55 11 •••••-5678'. */
  number: z.string().nullable(),
});
export type MyWhatsapp = z.infer<typeof myWhatsappSchema>;

export const whatsappNumberInputSchema = z
  .object({
    phone: z
      .string({ error: whatsappMessages.numberInvalid })
      .max(40, { error: whatsappMessages.numberInvalid })
      .refine((value) => normalizeWhatsappNumber(value) !== null, { error: whatsappMessages.numberInvalid }),
  })
  .strict();

export const whatsappCodeInputSchema = z
  .object({
    code: z.string({ error: whatsappMessages.codeFormat }).regex(/^\d{6}$/, { error: whatsappMessages.codeFormat }),
  })
  .strict();
