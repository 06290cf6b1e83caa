import { z } from "zod";
import { authMessages } from "../auth-messages.ts";
import { messages } from "../messages.ts";
import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../passwords.ts";
import { plainText } from "../text.ts";

const emailSchema = plainText(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email({ error: messages.emailInvalid }));

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const recoveryInputSchema = z.object({
  email: plainText(authMessages.recoveryEmailInvalid)
    .trim()
    .pipe(z.email({ error: authMessages.recoveryEmailInvalid })),
});
export type RecoveryInput = z.infer<typeof recoveryInputSchema>;

/** A new password: the one rule used by reset, settings and account setup. */
export const newPasswordSchema = plainText(authMessages.passwordRequired)
  .min(1, authMessages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong)
  .refine((value) => !isCommonPassword(value), authMessages.passwordTooCommon);

/** A new password typed twice, as on every form that sets one. */
export const passwordPairSchema = z
  .object({
    password: newPasswordSchema,
    confirmation: z.string().min(1, authMessages.confirmationRequired),
  })
  .refine((value) => value.password === value.confirmation, {
    message: authMessages.passwordsDontMatch,
    path: ["confirmation"],
  });
export type PasswordPair = z.infer<typeof passwordPairSchema>;

export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, authMessages.passwordRequired),
    newPassword: newPasswordSchema,
    confirmation: z.string().min(1, authMessages.confirmationRequired),
  })
  .refine((value) => value.newPassword === value.confirmation, {
    message: authMessages.passwordsDontMatch,
    path: ["confirmation"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
