import { z } from "zod";
import { availabilityFilters, careCycles } from "../care.ts";
import { careTexts } from "../care-messages.ts";
import { messages } from "../messages.ts";
import { plainMultilineText, plainText } from "../text.ts";

export const brazilianStates = [
  "AC",
  "AL",
  "AM",
  "AP",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MG",
  "MS",
  "MT",
  "PA",
  "PB",
  "PE",
  "PI",
  "PR",
  "RJ",
  "RN",
  "RO",
  "RR",
  "RS",
  "SC",
  "SE",
  "SP",
  "TO",
] as const;

const shortText = (message: string, max = 120) => plainText(message).trim().min(1, message).max(max, message);
const tagList = z.array(shortText(messages.invalidInput, 60)).max(12);
const email = plainText(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email({ error: messages.emailInvalid }));

/** What the admin records when inviting a psychologist (issue 13). */
export const psychologistInputSchema = z
  .object({
    fullName: shortText(careTexts.psychologistNameRequired),
    email,
    crpNumber: plainText(careTexts.crpInvalid)
      .trim()
      .regex(/^\d{2}\/\d{3,6}$/, careTexts.crpInvalid),
    crpUf: z.enum(brazilianStates, { error: careTexts.ufInvalid }),
    epsiConfirmedOn: z.iso.date({ error: careTexts.epsiDateInvalid }),
    approaches: tagList.default([]),
    specialties: tagList.default([]),
    languages: tagList.default(["Português"]),
    online: z.boolean().default(true),
    inPersonCity: plainText().trim().max(80).nullable().default(null),
    bio: plainMultilineText().trim().max(600).default(""),
  })
  .strict();
export type PsychologistInput = z.input<typeof psychologistInputSchema>;

/** The admin correcting a profile after the invitation: everything but the e-mail (the account's address). */
export const psychologistProfileSchema = psychologistInputSchema.omit({ email: true });
export type PsychologistProfileInput = z.input<typeof psychologistProfileSchema>;

const psychologistStatusSchema = z.enum(["pending", "verified", "suspended"]);

export const adminPsychologistSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  crpNumber: z.string(),
  crpUf: z.string(),
  epsiConfirmedOn: z.string(),
  status: psychologistStatusSchema,
  verifiedAt: z.string().nullable(),
  verificationExpiresAt: z.string().nullable(),
  hasAccount: z.boolean(),
  photoUrl: z.string().nullable(),
  approaches: z.array(z.string()),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  online: z.boolean(),
  inPersonCity: z.string().nullable(),
  bio: z.string(),
});
export type AdminPsychologist = z.infer<typeof adminPsychologistSchema>;

/** What a member sees of a psychologist in the directory. */
export const psychologistCardSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  crp: z.string(),
  approaches: z.array(z.string()),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  online: z.boolean(),
  inPersonCity: z.string().nullable(),
  bio: z.string(),
  photoUrl: z.string().nullable(),
  sessionMinutes: z.number(),
  replyHours: z.number(),
  nextSlot: z.string().nullable(),
});
export type PsychologistCard = z.infer<typeof psychologistCardSchema>;

export const directoryQuerySchema = z
  .object({
    approach: plainText().trim().max(60).optional(),
    specialty: plainText().trim().max(60).optional(),
    modality: z.enum(["online", "presencial"]).optional(),
    city: plainText().trim().max(80).optional(),
    available: z.enum(availabilityFilters, { error: careTexts.availabilityFilterInvalid }).optional(),
  })
  .strict();

export const slotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });

/** Where care notices and calendar invites go: a personal address, or null (or empty) for the account's. */
export const careEmailSchema = plainText(messages.emailInvalid)
  .trim()
  .max(254)
  .transform((value) => value || null)
  .pipe(z.email({ error: messages.emailInvalid }).nullable())
  .nullable();

export const bookInputSchema = z
  .object({
    psychologistId: z.uuid({ error: careTexts.psychologistNotFound }),
    startsAt: z.iso.datetime({ offset: true, error: careTexts.slotInvalid }),
    acceptTerms: z.literal(true, { error: careTexts.termsRequired }),
    /** The choice made on the first booking: where notices and invites go (null: the account's e-mail). */
    careEmail: careEmailSchema.optional(),
  })
  .strict();

export const rescheduleInputSchema = z
  .object({
    startsAt: z.iso.datetime({ offset: true, error: careTexts.slotInvalid }),
    acceptTerms: z.literal(true, { error: careTexts.termsRequired }),
  })
  .strict();

const appointmentStatusSchema = z.enum(["booked", "held", "no_show", "cancelled"]);

/** An appointment as its member sees it. */
export const myAppointmentSchema = z.object({
  id: z.string(),
  psychologistId: z.string(),
  psychologistName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: appointmentStatusSchema,
  lateCancellation: z.boolean(),
  videoUrl: z.string().nullable(),
});
export type MyAppointment = z.infer<typeof myAppointmentSchema>;

/** An appointment as the psychologist's agenda shows it: a first name and the company's name, nothing more. */
export const agendaAppointmentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  companyName: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: appointmentStatusSchema,
  videoUrl: z.string().nullable(),
});
export type AgendaAppointment = z.infer<typeof agendaAppointmentSchema>;

export const creditsSchema = z.object({
  available: z.number(),
  granted: z.number(),
  cycle: z.enum(careCycles),
  cycleStart: z.string(),
  cycleEnd: z.string(),
  lateCancelConsumes: z.boolean(),
  /** Booking paused after three no-shows in a row. */
  paused: z.boolean(),
});
export type Credits = z.infer<typeof creditsSchema>;

const minuteOfDay = z.number().int().min(0).max(1440);
/** A whole number from `min` to `max`, every way of missing it said with the one message. */
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
export const availabilityInputSchema = z
  .object({
    windows: z
      .array(z.object({ weekday: z.number().int().min(0).max(6), startMinute: minuteOfDay, endMinute: minuteOfDay }))
      .max(40)
      .refine((windows) => windows.every((window) => window.startMinute < window.endMinute), {
        message: careTexts.availabilityInvalid,
      }),
    sessionMinutes: whole(20, 180, careTexts.sessionMinutesInvalid).default(50),
    bufferMinutes: whole(0, 60, careTexts.bufferMinutesInvalid).default(10),
    videoUrl: z.url({ error: careTexts.videoUrlInvalid }).max(500, careTexts.videoUrlInvalid).nullable().default(null),
    replyHours: whole(1, 168, careTexts.replyHoursInvalid).default(48),
  })
  .strict();
export type AvailabilityInput = z.input<typeof availabilityInputSchema>;

export const availabilitySchema = z.object({
  windows: z.array(z.object({ weekday: z.number(), startMinute: z.number(), endMinute: z.number() })),
  sessionMinutes: z.number(),
  bufferMinutes: z.number(),
  videoUrl: z.string().nullable(),
  replyHours: z.number(),
  timeOff: z.array(z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string() })),
  status: psychologistStatusSchema,
});
export type Availability = z.infer<typeof availabilitySchema>;

const timeOffInstant = z.iso.datetime({ offset: true, error: careTexts.timeOffRequired });
export const timeOffInputSchema = z
  .object({ startsAt: timeOffInstant, endsAt: timeOffInstant })
  .strict()
  // On the end, so the form shows it next to the field to correct.
  .refine((range) => Date.parse(range.startsAt) < Date.parse(range.endsAt), {
    message: careTexts.timeOffInvalid,
    path: ["endsAt"],
  });
export type TimeOffInput = z.infer<typeof timeOffInputSchema>;

export const markInputSchema = z.object({ outcome: z.enum(["held", "no_show"]) }).strict();

export const careSettingsInputSchema = z
  .object({
    sessionsPerCycle: whole(0, 100, careTexts.careSettingsInvalid),
    cycle: z.enum(careCycles),
    lateCancelConsumes: z.boolean(),
  })
  .strict();
export type CareSettingsInput = z.infer<typeof careSettingsInputSchema>;

/**
 * A company's care rule as the admin reads it (docs/decisions/039): the rule in force now and its cycle, and a
 * change that waits for the end of that cycle, with the São Paulo day it starts.
 */
export const companyCareRuleSchema = z.object({
  sessionsPerCycle: z.number(),
  cycle: z.enum(careCycles),
  lateCancelConsumes: z.boolean(),
  /** Nothing set by the admin is in force: the plan's default holds. */
  isPlanDefault: z.boolean(),
  cycleStart: z.string(),
  cycleEnd: z.string(),
  pending: z.object({ sessionsPerCycle: z.number(), cycle: z.enum(careCycles), from: z.string() }).nullable(),
});
export type CompanyCareRule = z.infer<typeof companyCareRuleSchema>;

export const messageInputSchema = z
  .object({
    body: plainMultilineText().trim().min(1, careTexts.messageRequired).max(4000, careTexts.messageTooLong),
  })
  .strict();

export const careMessageSchema = z.object({
  id: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type CareMessage = z.infer<typeof careMessageSchema>;

export const threadSummarySchema = z.object({
  otherId: z.string(),
  otherName: z.string(),
  unread: z.number(),
  lastAt: z.string().nullable(),
  replyHours: z.number(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/**
 * Per closed month, what a company sees (docs/decisions/040): how many people had a session held, once
 * each, a noisy count with its 90 % margin, through the disclosure layer; null when hidden (decided on the
 * noisy count). `members` is how many were in the company when the month began, the only people counted.
 */
const careUsageMonthSchema = z.object({
  month: z.string(),
  shown: z.boolean(),
  people: z.number().nullable(),
  margin: z.number(),
  members: z.number(),
});
export const careUsageSchema = z.object({
  minGroup: z.number(),
  months: z.array(careUsageMonthSchema),
});
export type CareUsage = z.infer<typeof careUsageSchema>;

/** A personal address for care notices (corporate calendars are often visible to others); null to use the account's. */
export const careContactSchema = z.object({ careEmail: careEmailSchema }).strict();
export type CareContact = z.infer<typeof careContactSchema>;
