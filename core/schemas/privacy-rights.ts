/** The member's data rights (LGPD art. 18): consent, export and account deletion (docs/decisions/015). */
import { z } from "zod";
import { type BudgetLine, yearlyBudget } from "#core/disclosure.ts";
import { WELLBEING_CONSENT_VERSION } from "../consent.ts";
import { privacyMessages } from "../privacy-messages.ts";
import { plainText } from "../text.ts";

/** Giving consent names the version of the text the person read; only the current one is accepted. */
export const giveConsentInputSchema = z
  .object({ version: z.literal(WELLBEING_CONSENT_VERSION, { error: privacyMessages.wellbeingConsentVersionInvalid }) })
  .strict();

const consentEventSchema = z.object({
  kind: z.enum(["given", "revoked"]),
  version: z.string(),
  at: z.string(),
});

/** What Settings and 'O que sua empresa vê' need about the person's privacy. */
export const privacySummarySchema = z.object({
  companyName: z.string().nullable(),
  currentConsentVersion: z.string(),
  consent: z.object({ version: z.string(), at: z.string() }).nullable(),
  consentHistory: z.array(consentEventSchema),
  hasPassword: z.boolean(),
  /** How many of each kind of figure counted the person over the last 12 months, and the most that may. */
  budget: z.array(
    z.object({
      line: z.enum(Object.keys(yearlyBudget) as [BudgetLine, ...BudgetLine[]]),
      used: z.number().int(),
      limit: z.number().int(),
    }),
  ),
});
export type PrivacySummary = z.infer<typeof privacySummarySchema>;

export const consentResultSchema = z.object({
  consent: z.object({ version: z.string(), at: z.string() }).nullable(),
  message: z.string(),
});
export type ConsentResult = z.infer<typeof consentResultSchema>;

/** Deleting one's account: the password when the account has one; Google-only accounts get an e-mailed link. */
export const deleteAccountInputSchema = z
  .object({
    password: plainText(privacyMessages.accountDeletePasswordRequired)
      .min(1, privacyMessages.accountDeletePasswordRequired)
      .max(128)
      .optional(),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

export const confirmDeletionInputSchema = z
  .object({
    token: plainText(privacyMessages.accountDeleteLinkInvalid)
      .min(20, privacyMessages.accountDeleteLinkInvalid)
      .max(200, privacyMessages.accountDeleteLinkInvalid),
  })
  .strict();

export const deleteAccountResultSchema = z.object({
  status: z.enum(["deleted", "link-sent"]),
  message: z.string(),
});
export type DeleteAccountResult = z.infer<typeof deleteAccountResultSchema>;
