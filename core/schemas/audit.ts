import { z } from "zod";
import { auditActionLabels, auditKindLabels, auditMessages } from "../audit-labels.ts";
import { messages } from "../messages.ts";
import { plainText } from "../text.ts";

/** Every audited action (server/features/audit/audit.ts writes them; the labels are in messages.ts). */
export const auditActions = Object.keys(auditActionLabels) as Array<keyof typeof auditActionLabels>;
export type AuditAction = keyof typeof auditActionLabels;

/** Sign-ins, sign-outs and ended sessions; refusals; reads of team figures. Every other action is an 'actions' kind. */
const accessKinds = {
  "sign-ins": ["auth.sign-in", "auth.sign-in-failed", "auth.sign-out", "session.revoke"],
  refusals: ["access.denied"],
  reads: ["summary.view", "report.view", "report.export"],
} as const satisfies Record<string, AuditAction[]>;

export type AuditKind = keyof typeof auditKindLabels;
export const auditKinds = Object.keys(auditKindLabels) as AuditKind[];

/** The actions of one kind of event ('Entradas' is every sign-in, failed sign-in, sign-out and ended session). */
export function actionsOfKind(kind: AuditKind): AuditAction[] {
  if (kind !== "actions") return [...accessKinds[kind]];
  const others = new Set<AuditAction>(Object.values(accessKinds).flat());
  return auditActions.filter((action) => !others.has(action));
}

/** Access events (sign-ins, sessions, refusals): kept for ACCESS_EVENTS_RETENTION_DAYS, then deleted. */
export const accessEventActions: AuditAction[] = [...accessKinds["sign-ins"], ...accessKinds.refusals];

const isoDay = z
  .string()
  .regex(/^(19[7-9]\d|2\d{3})-\d{2}-\d{2}$/, auditMessages.dateInvalid)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)), auditMessages.dateInvalid);

const AUDIT_PAGE_SIZE_MAX = 100;

/** GET /api/admin/audit: filters (all optional) and the page. `from`/`to` are days, both included. */
export const auditQuerySchema = z
  .object({
    action: z.enum(auditActions as [AuditAction, ...AuditAction[]], { error: auditMessages.actionInvalid }).optional(),
    kind: z.enum(auditKinds as [AuditKind, ...AuditKind[]], { error: auditMessages.kindInvalid }).optional(),
    companyId: z.uuid({ error: messages.companyIdMissing }).optional(),
    actor: plainText().trim().max(200).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    page: z.coerce
      .number({ error: auditMessages.pageInvalid })
      .int(auditMessages.pageInvalid)
      .min(1)
      .max(100_000)
      .default(1),
    pageSize: z.coerce
      .number({ error: auditMessages.pageInvalid })
      .int(auditMessages.pageInvalid)
      .min(1)
      .max(AUDIT_PAGE_SIZE_MAX)
      .default(25),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: auditMessages.rangeInvalid,
    path: ["from"],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** One row of the trail: who did what to what, when. Never a mood or a note (docs/design.md §4). */
const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actorEmail: z.string(),
  /** Set only for an actor without e-mail: the screen reads 'Sem e-mail · matrícula …' (issue 45, item 8). */
  actorMatricula: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
