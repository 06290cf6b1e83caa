/** Requests and replies of the Canal de escuta (issue 35, docs/decisions/049). */
import { z } from "zod";
import {
  type CaseCategory,
  caseCategories,
  caseCategoryIds,
  caseKinds,
  caseStatusIds,
  MAX_RETENTION_YEARS,
  normaliseCode,
  PROTOCOL_PATTERN,
  SECRET_PATTERN,
} from "../listening.ts";
import { listeningMessages as m } from "../listening-messages.ts";
import { messages } from "../messages.ts";
import { plainMultilineText } from "../text.ts";

const body = plainMultilineText().trim().min(1, m.bodyRequired).max(5000, m.bodyTooLong);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.deadlineInvalid)
  .refine((day) => {
    const time = Date.parse(`${day}T12:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, m.deadlineInvalid);

/** POST /api/escuta/casos: anonymous unless `identified` is true. */
export const newCaseInputSchema = z
  .object({
    kind: z.enum(caseKinds, { error: m.categoryRequired }),
    category: z.enum(caseCategoryIds, { error: m.categoryRequired }),
    body,
    identified: z.boolean().default(false),
    /** Handlers (listening_handlers ids) the reporter keeps out of the case. */
    excludedHandlerIds: z
      .array(z.uuid({ error: m.excludedUnknown }))
      .max(50)
      .default([]),
  })
  .strict()
  .refine((input) => caseCategories[input.category as CaseCategory].kind === input.kind, {
    message: m.categoryOfKind,
    path: ["category"],
  });
export type NewCaseInput = z.input<typeof newCaseInputSchema>;

export const newCaseReplySchema = z.object({ protocol: z.string(), secret: z.string() });
export type NewCaseReply = z.infer<typeof newCaseReplySchema>;

const protocol = z
  .string({ error: m.protocolInvalid })
  .transform(normaliseCode)
  .pipe(z.string().regex(PROTOCOL_PATTERN, m.protocolInvalid));
const secret = z
  .string({ error: m.secretInvalid })
  .transform(normaliseCode)
  .pipe(z.string().regex(SECRET_PATTERN, m.secretInvalid));

/** POST /api/escuta/acompanhar: the protocol and the secret are the whole key. */
export const followInputSchema = z.object({ protocol, secret }).strict();
export type FollowInput = z.input<typeof followInputSchema>;
export const followReplyInputSchema = z.object({ protocol, secret, body }).strict();
export type FollowReplyInput = z.input<typeof followReplyInputSchema>;
/** POST /api/escuta/acompanhar/anexos/:id: a reporter's download, the key in the body (never in the address, which is logged). */
export const followAttachmentParamsSchema = z.object({ attachmentId: z.uuid({ error: m.attachmentNotFound }) });

/** A file sent with a message, under a neutral name ('anexo-1.jpg'), never the sender's own. */
const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

const threadMessageSchema = z.object({
  id: z.string(),
  author: z.enum(["reporter", "handler"]),
  isInternal: z.boolean(),
  body: z.string(),
  writtenOn: z.string(),
  attachments: z.array(attachmentSchema),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** What the reporter reads with protocol and secret: no internal notes, no handler names. */
export const followedCaseSchema = z.object({
  protocol: z.string(),
  kind: z.enum(caseKinds),
  category: z.enum(caseCategoryIds),
  status: z.enum(caseStatusIds),
  receivedOn: z.string(),
  messages: z.array(threadMessageSchema),
});
export type FollowedCase = z.infer<typeof followedCaseSchema>;

const caseSummarySchema = z.object({
  id: z.string(),
  protocol: z.string(),
  kind: z.enum(caseKinds),
  category: z.enum(caseCategoryIds),
  status: z.enum(caseStatusIds),
  receivedOn: z.string(),
  deadlineOn: z.string().nullable(),
  isIdentified: z.boolean(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const caseListSchema = z.object({ items: z.array(caseSummarySchema) });
export const caseListQuerySchema = z.object({ status: z.enum(caseStatusIds).optional() }).strict();

/** A handler's view: dates only, the reporter's name only when they chose to be identified. */
export const handlerCaseSchema = caseSummarySchema.extend({
  reporter: z.object({ name: z.string(), email: z.string() }).nullable(),
  messages: z.array(threadMessageSchema),
});
export type HandlerCase = z.infer<typeof handlerCaseSchema>;

export const handlerMessageInputSchema = z.object({ body, isInternal: z.boolean().default(false) }).strict();
export type HandlerMessageInput = z.input<typeof handlerMessageInputSchema>;

export const caseUpdateInputSchema = z
  .object({ status: z.enum(caseStatusIds).optional(), deadlineOn: isoDate.nullable().optional() })
  .strict();
export type CaseUpdateInput = z.infer<typeof caseUpdateInputSchema>;

/** The handler's menu badge (docs/decisions/067): a number, nothing about any case or who wrote it. */
export const newCaseCountSchema = z.object({ count: z.number().int().min(0) });
export type NewCaseCount = z.infer<typeof newCaseCountSchema>;

/** The company's handlers, as a reporter picks whom to keep out (names only). */
export const handlerChoicesSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  isHandler: z.boolean(),
});
export type HandlerChoices = z.infer<typeof handlerChoicesSchema>;

/** The admin's view of one company's channel. */
export const listeningAdminSchema = z.object({
  handlers: z.array(z.object({ id: z.string(), userId: z.string(), name: z.string(), email: z.string() })),
  retentionYears: z.number().int(),
});
export type ListeningAdmin = z.infer<typeof listeningAdminSchema>;
export const appointHandlerInputSchema = z.object({ userId: z.string().min(1, m.handlerNotMember) }).strict();
export const retentionInputSchema = z
  .object({
    retentionYears: z
      .number({ error: m.retentionRange })
      .int(m.retentionRange)
      .min(1, m.retentionRange)
      .max(MAX_RETENTION_YEARS, m.retentionRange),
  })
  .strict();

/** One quarter's counts as the company may see them (the disclosure layer decides each cell). */
const countCellSchema = z.object({ shown: z.boolean(), count: z.number().nullable(), margin: z.number() });
export const listeningFiguresSchema = z.object({
  minGroup: z.number().int(),
  quarters: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      byCategory: z.record(z.string(), countCellSchema),
      byStatus: z.record(z.string(), countCellSchema),
    }),
  ),
});
export type ListeningFigures = z.infer<typeof listeningFiguresSchema>;
export const listeningFiguresQuerySchema = z
  .object({ companyId: z.uuid({ error: messages.companyIdMissing }).optional() })
  .strict();
