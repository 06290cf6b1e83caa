import { z } from "zod";
import { messages } from "../messages.ts";
import { plans } from "../plans.ts";
import { roles } from "../roles.ts";
import { teamMessages } from "../team-messages.ts";
import { plainText } from "../text.ts";

const requiredText = (message: string) => plainText(message).trim().min(1, message).max(120, message);

/** Add-member form of /team (spec 5): name and e-mail non-empty after trim. */
export const inviteMemberInputSchema = z
  .object({
    name: requiredText(teamMessages.fillAllFields),
    email: plainText(teamMessages.fillAllFields)
      .trim()
      .min(1, teamMessages.fillAllFields)
      .pipe(z.email({ error: messages.emailInvalid })),
    companyId: z.uuid({ error: messages.companyIdMissing }).optional(),
  })
  .strict();
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>;

/** A person's id in a path: our accounts use UUIDs, better-auth's own ids are letters and digits; no control characters, ever (docs/decisions/018). */
export const userIdSchema = z.string().regex(/^[\w.-]{1,100}$/, teamMessages.memberNotFound);

export const companyScopeQuerySchema = z
  .object({ companyId: z.uuid({ error: messages.companyIdMissing }).optional() })
  .strict();

const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  isSelf: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const pendingInviteSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["user", "manager"]),
  expiresAt: z.string(),
  /**
   * Where its e-mail is: kept for later by an import ('Convidar depois', docs/decisions/058), on its way (or
   * being retried), sent, or given up after the retries (docs/decisions/009).
   */
  delivery: z.enum(["waiting", "sending", "sent", "failed"]),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.enum(plans),
  memberLimit: z.number().int(),
  /** Members, pending invites and imported people awaiting activation: what counts against the plan. */
  used: z.number().int(),
});

export const teamSchema = z.object({
  company: companySummarySchema,
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** Pending invitations per page of Equipe: after an import there are thousands (issue 45, docs/decisions/058). */
export const TEAM_INVITES_PAGE_SIZE = 20;

/** `GET /api/team/invites?q=&page=`: a name or e-mail that contains q (ignoring case and accents), pages from 1. */
export const teamInvitesQuerySchema = z
  .object({
    companyId: z.uuid({ error: messages.companyIdMissing }).optional(),
    q: plainText(teamMessages.adminSearchTooLong).trim().max(120, teamMessages.adminSearchTooLong).optional(),
    page: z.coerce
      .number({ error: teamMessages.adminPageInvalid })
      .int(teamMessages.adminPageInvalid)
      .min(1, teamMessages.adminPageInvalid)
      .max(100_000, teamMessages.adminPageInvalid)
      .default(1),
  })
  .strict();

export const teamInvitesPageSchema = z.object({
  items: z.array(pendingInviteSchema),
  /** Pending invitations matching q. */
  total: z.number().int(),
  /** All of the company's invitations kept for later, whatever q: what 'Enviar convites' sends. */
  waiting: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TeamInvitesPage = z.infer<typeof teamInvitesPageSchema>;

export const companyOptionSchema = z.object({ id: z.string(), name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;
