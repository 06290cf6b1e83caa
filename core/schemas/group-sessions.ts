/** Sessões em grupo (docs/decisions/024): the form, the member's view and the manager's view. */
import { z } from "zod";
import { groupSessionMessages as m } from "../group-session-messages.ts";
import { plainMultilineText, plainText } from "../text.ts";

const groupSessionKinds = ["workshop", "support_group"] as const;
export type GroupSessionKind = (typeof groupSessionKinds)[number];
export const groupSessionKindLabels: Record<GroupSessionKind, string> = {
  workshop: "Workshop / psicoeducação",
  support_group: "Grupo de apoio",
};
const groupSessionAudiences = ["company", "sectors", "platform"] as const;

/** The link opens to registrants this long before the start. */
export const LINK_OPENS_MINUTES = 15;
/** Comments reach the manager only from this many answers, as the peers do (docs/decisions/024). */
export const MIN_ANSWERS_FOR_COMMENTS = 10;
/** Feedback stays open this long after the end; its figures are released once it has closed. */
export const FEEDBACK_DAYS = 14;

/** A support group's registration closes this long before the start, and its places are drawn then. */
const REGISTRATION_CLOSES_HOURS = 24;

/**
 * When a support group's registration closes and its places are drawn
 * (docs/decisions/024, "Places by draw"): 24 h before the start; a group
 * created with less notice than twice that closes halfway between its creation
 * and its start, so asking stays open as long as there is left after the draw.
 */
export function registrationClosesAt(session: { startsAt: Date | string; createdAt: Date | string }): Date {
  const start = new Date(session.startsAt).getTime();
  const created = new Date(session.createdAt).getTime();
  return new Date(Math.max(start - REGISTRATION_CLOSES_HOURS * 3_600_000, created + (start - created) / 2));
}

const editableFields = {
  title: plainText(m.titleInvalid).trim().min(3, m.titleInvalid).max(120, m.titleInvalid),
  description: plainMultilineText().trim().max(2000, m.descriptionInvalid),
  facilitatorName: plainText(m.facilitatorInvalid).trim().min(1, m.facilitatorInvalid).max(120, m.facilitatorInvalid),
  facilitatorEmail: z
    .union([z.literal(""), z.email({ error: "E-mail inválido" })])
    .optional()
    .transform((value) => value || undefined),
  startsAt: z.iso.datetime({ offset: true, error: m.startsAtInvalid }),
  durationMinutes: z.coerce
    .number({ error: m.durationInvalid })
    .int(m.durationInvalid)
    .min(15, m.durationInvalid)
    .max(480, m.durationInvalid),
  capacity: z.coerce
    .number({ error: m.capacityInvalid })
    .int(m.capacityInvalid)
    .min(1, m.capacityInvalid)
    .max(500, m.capacityInvalid),
  modality: z.enum(["online", "in_person"], { error: m.locationInvalid }),
  location: plainText(m.locationInvalid).trim().min(1, m.locationInvalid).max(500, m.locationInvalid),
  /** A verified platform psychologist; then the name and e-mail are theirs (facilitatorName is ignored). */
  facilitatorPsychologistId: z
    .union([z.literal(""), z.uuid({ error: m.psychologistNotFound })])
    .optional()
    .transform((value) => value || undefined),
};

function checkLink(value: { modality: "online" | "in_person"; location: string }, context: z.RefinementCtx) {
  if (value.modality === "online" && !/^https:\/\/[^\s]+\.[^\s]+$/.test(value.location)) {
    context.addIssue({ code: "custom", message: m.linkInvalid, path: ["location"] });
  }
}

export const groupSessionInputSchema = z
  .object({
    ...editableFields,
    kind: z.enum(groupSessionKinds, { error: m.kindInvalid }),
    /** 'platform': every company (admins only); 'sectors': the chosen sectors of the company. */
    audience: z.enum(groupSessionAudiences).default("company"),
    sectorIds: z
      .array(z.uuid({ error: m.sectorNotFound }))
      .max(100)
      .optional(),
    companyId: z.uuid({ error: "Escolha a empresa." }).optional(),
  })
  .strict()
  .superRefine(checkLink)
  .superRefine((value, context) => {
    if (value.audience === "sectors" && !value.sectorIds?.length)
      context.addIssue({ code: "custom", message: m.sectorsRequired, path: ["sectorIds"] });
  });
export type GroupSessionInput = z.input<typeof groupSessionInputSchema>;

/** Kind and audience stay as created: the privacy rules follow them. */
export const groupSessionUpdateSchema = z.object(editableFields).strict().superRefine(checkLink);
export type GroupSessionUpdate = z.input<typeof groupSessionUpdateSchema>;

/** A workshop's attendance: who came, by name. */
export const attendanceNamesInputSchema = z.object({ attendedUserIds: z.array(z.string().max(100)).max(500) }).strict();
/** A support group's attendance: how many came, never who. */
export const attendanceCountInputSchema = z
  .object({
    attendedCount: z
      .number({ error: m.attendanceCountInvalid })
      .int(m.attendanceCountInvalid)
      .min(0, m.attendanceCountInvalid)
      .max(500, m.attendanceCountInvalid),
  })
  .strict();
export const attendanceInputSchema = z.union([attendanceNamesInputSchema, attendanceCountInputSchema]);
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;

export const feedbackInputSchema = z
  .object({
    rating: z
      .number({ error: m.feedbackRatingInvalid })
      .int(m.feedbackRatingInvalid)
      .min(1, m.feedbackRatingInvalid)
      .max(5, m.feedbackRatingInvalid),
    comment: plainMultilineText().trim().max(500, m.feedbackCommentInvalid).optional(),
  })
  .strict();
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export const manageQuerySchema = z
  .object({
    companyId: z.uuid({ error: "Escolha a empresa." }).optional(),
    /** An admin's open webinars instead of one company's sessions. */
    audience: z.enum(["company", "platform"]).optional(),
  })
  .strict();

const sessionBase = {
  id: z.string(),
  kind: z.enum(groupSessionKinds),
  title: z.string(),
  description: z.string(),
  facilitatorName: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  modality: z.enum(["online", "in_person"]),
  status: z.enum(["scheduled", "cancelled"]),
  isPlatform: z.boolean(),
};

/** A file attached to a session (docs/decisions/024, "Materials"). */
export const materialSchema = z.object({ id: z.string(), fileName: z.string(), sizeBytes: z.number() });
export type Material = z.infer<typeof materialSchema>;
/** At most this many files per session. */
export const MAX_MATERIALS = 10;

export const memberSessionSchema = z.object({
  ...sessionBase,
  /** The place (in person); null online. */
  place: z.string().nullable(),
  /** The online link: only to registrants, from LINK_OPENS_MINUTES before the start until the end. */
  link: z.string().nullable(),
  /**
   * A support group's request is 'requested' until the draw, then 'registered'
   * (a place) or 'not_drawn'; workshops are first come, with a waitlist.
   */
  myStatus: z.enum(["registered", "waitlisted", "attended", "requested", "not_drawn"]).nullable(),
  waitlistPosition: z.number().nullable(),
  /** Workshops only: a support group shows no capacity bit, since it would move with each person's request. */
  spotsLeft: z.number().nullable(),
  isFull: z.boolean().nullable(),
  /** Support groups: when registration closes and the places are drawn; null for workshops. */
  drawAt: z.string().nullable(),
  hasEnded: z.boolean(),
  canGiveFeedback: z.boolean(),
  hasGivenFeedback: z.boolean(),
  /** Only for those with a place; empty otherwise. */
  materials: z.array(materialSchema),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/**
 * A count the company may see, or null. A support group's counts and every
 * session's feedback come from the disclosure layer (core/disclosure.ts):
 * noisy, released once after the end, hidden on the noisy count.
 */
const shownCount = z.number().nullable();

export const managedSessionSchema = z.object({
  ...sessionBase,
  facilitatorEmail: z.string().nullable(),
  /** A platform psychologist conducting it (they mark attendance), or null for a named facilitator. */
  facilitatorPsychologistId: z.string().nullable(),
  audience: z.enum(groupSessionAudiences),
  /** The chosen sectors when the audience is 'sectors'. */
  sectors: z.array(z.object({ id: z.string(), name: z.string() })),
  location: z.string(),
  capacity: z.number(),
  companyId: z.string().nullable(),
  counts: z.object({
    registered: shownCount,
    waitlisted: shownCount,
    attended: shownCount,
    /** The 90 % margin of a support group's noisy counts; null for a workshop's exact ones. */
    margin: z.number().nullable(),
  }),
  /** Workshops only: names are training evidence. Always null for support groups. */
  people: z
    .array(
      z.object({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
        status: z.enum(["registered", "waitlisted", "attended"]),
      }),
    )
    .nullable(),
  hasStarted: z.boolean(),
  hasEnded: z.boolean(),
  materials: z.array(materialSchema),
  attendanceMarkedAt: z.string().nullable(),
  feedback: z.object({
    /** Released once the feedback period (FEEDBACK_DAYS after the end) has closed. */
    isClosed: z.boolean(),
    answered: shownCount,
    average: z.number().nullable(),
    /** The 90 % margin of the average ('4,3 ± 0,6'). */
    margin: z.number().nullable(),
    comments: z.array(z.string()).nullable(),
  }),
});
export type ManagedSession = z.infer<typeof managedSessionSchema>;

export const managedListSchema = z.object({ minGroup: z.number(), sessions: z.array(managedSessionSchema) });
export type ManagedList = z.infer<typeof managedListSchema>;

/** What the form offers: the company's sectors and the platform's verified psychologists. */
export const sessionOptionsSchema = z.object({
  sectors: z.array(z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() })),
  psychologists: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SessionOptions = z.infer<typeof sessionOptionsSchema>;

/** What a facilitating psychologist sees: their sessions with the names of who has a place (professional secrecy). */
export const facilitatedSessionSchema = z.object({
  ...sessionBase,
  location: z.string(),
  capacity: z.number(),
  companyName: z.string().nullable(),
  hasStarted: z.boolean(),
  materials: z.array(materialSchema),
  attendanceMarkedAt: z.string().nullable(),
  people: z.array(
    z.object({ userId: z.string(), name: z.string(), status: z.enum(["registered", "waitlisted", "attended"]) }),
  ),
});
export type FacilitatedSession = z.infer<typeof facilitatedSessionSchema>;
