import { z } from "zod";
import { messages } from "../messages.ts";
import { plans } from "../plans.ts";
import { roles } from "../roles.ts";
import { plainText } from "../text.ts";

const requiredText = (message: string) => plainText(message).trim().min(1, message).max(120, message);

/** Add-member form of /team (spec 5): name and e-mail non-empty after trim. */
export const inviteMemberInputSchema = z
  .object({
    name: requiredText(messages.fillAllFields),
    email: plainText(messages.fillAllFields)
      .trim()
      .min(1, messages.fillAllFields)
      .pipe(z.email({ error: messages.emailInvalid })),
    companyId: z.uuid({ error: messages.companyIdMissing }).optional(),
  })
  .strict();
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>;

/** A person's id in a path: our accounts use UUIDs, better-auth's own ids are letters and digits; no control characters, ever (docs/decisions/018). */
export const userIdSchema = z.string().regex(/^[\w.-]{1,100}$/, messages.memberNotFound);

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
  /** Where its e-mail is: on its way (or being retried), sent, or given up after the retries (docs/decisions/009). */
  delivery: z.enum(["sending", "sent", "failed"]),
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
  pendingInvites: z.array(pendingInviteSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const companyOptionSchema = z.object({ id: z.string(), name: z.string() });
export type CompanyOption = z.infer<typeof companyOptionSchema>;
