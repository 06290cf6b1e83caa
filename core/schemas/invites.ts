import { z } from "zod";
import { inviteMessages } from "../invite-messages.ts";
import { plainText } from "../text.ts";
import { newPasswordSchema } from "./auth.ts";

export const inviteTokenQuerySchema = z
  .object({ token: plainText(inviteMessages.inviteTokenMissing).min(20, inviteMessages.inviteInvalid).max(200) })
  .strict();

/** What an invitee sees before choosing a password (spec 3 'Invite'). */
export const inviteDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  managerName: z.string(),
  role: z.enum(["user", "manager", "psychologist"]),
});
export type InviteDetails = z.infer<typeof inviteDetailsSchema>;

/** Specific, highlighted consent for health data (LGPD art. 11, I), given when the account is activated. */
export const wellbeingConsentSchema = z.literal(true, { error: inviteMessages.consentRequired });

export const acceptInviteInputSchema = z
  .object({
    token: plainText(inviteMessages.inviteInvalid).min(20, inviteMessages.inviteInvalid).max(200),
    password: newPasswordSchema,
    // Asked of everyone who will use the app as a person of a company; a psychologist activating their
    // account records no wellbeing data, so is not asked (issue 36, item 7). The server checks by the invite's role.
    consent: wellbeingConsentSchema.optional(),
  })
  .strict();
export type AcceptInviteInput = z.infer<typeof acceptInviteInputSchema>;
