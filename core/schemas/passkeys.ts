import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { z } from "zod";
import { isValidCpf } from "../cpf.ts";
import { messages } from "../messages.ts";
import { passkeyMessages } from "../passkey-messages.ts";
import { normalizeRecoveryCode } from "../recovery-code.ts";
import { plainText } from "../text.ts";
import { newPasswordSchema, passwordPairSchema } from "./auth.ts";

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[\w-]*$/, messages.invalidInput);

/** The browser's extension outputs: passed on to the verifier untouched. */
const extensionResults = z.custom<object>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
);

/** What the browser's navigator.credentials.create() gives, as @simplewebauthn/browser encodes it. */
const registrationResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: z.string().max(40).optional(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What navigator.credentials.get() gives. */
const authenticationResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: z.string().max(40).optional(),
});

/** The options a ceremony starts with, and the id of its one-use challenge. */
const creationOptions = z.custom<PublicKeyCredentialCreationOptionsJSON>((value) => typeof value === "object");
const requestOptions = z.custom<PublicKeyCredentialRequestOptionsJSON>((value) => typeof value === "object");

export const registrationOptionsSchema = z.object({ challengeId: z.uuid(), options: creationOptions });
export const authenticationOptionsSchema = z.object({ challengeId: z.uuid(), options: requestOptions });

export const passkeySignInInputSchema = z.object({
  challengeId: z.uuid(),
  response: authenticationResponseSchema,
});

export const passkeyRegisterInputSchema = z.object({
  challengeId: z.uuid(),
  response: registrationResponseSchema,
});

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const activationCodeParamsSchema = z.object({
  code: z.string().regex(/^[a-z0-9]{4,40}$/, messages.invalidInput),
});

export const activationCompanySchema = z.object({ companyName: z.string() });

export const activationCheckInputSchema = z.object({
  cpf: plainText(passkeyMessages.cpfInvalid)
    .trim()
    .max(20, passkeyMessages.cpfInvalid)
    .refine(isValidCpf, passkeyMessages.cpfInvalid),
  matricula: plainText(passkeyMessages.matriculaRequired)
    .trim()
    .min(1, passkeyMessages.matriculaRequired)
    .max(40, passkeyMessages.matriculaRequired),
});
export type ActivationCheckInput = z.infer<typeof activationCheckInputSchema>;

/** A person was found: their first name, a ticket (the challenge) to finish with, and the new passkey's options. */
const personTicketShape = { firstName: z.string(), ticket: z.uuid(), passkeyOptions: creationOptions };

/** /ativar: the person of the HR file was found; the ticket is an activation challenge. */
export const activationTicketSchema = z.object(personTicketShape);

const activationEmailSchema = plainText(messages.emailInvalid)
  .trim()
  .toLowerCase()
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }));

export const activationCompleteInputSchema = z
  .object({
    ticket: z.uuid(),
    passkey: registrationResponseSchema.optional(),
    email: activationEmailSchema.optional(),
    password: newPasswordSchema.optional(),
  })
  .refine((value) => value.passkey || (value.email && value.password), { message: passkeyMessages.wayRequired })
  .refine((value) => !value.email === !value.password, { message: passkeyMessages.wayRequired });
export type ActivationCompleteInput = z.infer<typeof activationCompleteInputSchema>;

export const activationPosterSchema = z.object({
  companyName: z.string(),
  activationUrl: z.string(),
  establishments: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type ActivationPoster = z.infer<typeof activationPosterSchema>;

/** The /ativar form for a personal e-mail and a password typed twice. */
export const activationEmailFormSchema = passwordPairSchema.and(z.object({ email: activationEmailSchema }));

/** Configurações › Chaves de acesso: when the person's recovery code was made, or null (docs/decisions/055). */
export const recoveryCodeStatusSchema = z.object({ createdAt: z.string().nullable() });
export type RecoveryCodeStatus = z.infer<typeof recoveryCodeStatusSchema>;

/** A new recovery code, shown once: the server keeps only its hash. */
export const newRecoveryCodeSchema = z.object({ code: z.string(), createdAt: z.string() });
export type NewRecoveryCode = z.infer<typeof newRecoveryCodeSchema>;

/** /recuperar: the code as typed (case, spaces and hyphens do not matter), read as its 20 characters. */
export const recoveryCheckInputSchema = z.object({
  code: plainText(passkeyMessages.recoveryCodeInvalid)
    .max(60, passkeyMessages.recoveryCodeInvalid)
    .transform((typed, context) => {
      const code = normalizeRecoveryCode(typed);
      if (code) return code;
      context.addIssue({ code: "custom", message: passkeyMessages.recoveryCodeInvalid });
      return z.NEVER;
    }),
});
export type RecoveryCheckInput = z.input<typeof recoveryCheckInputSchema>;

/** The code was found: the person's first name, and a ticket to make the new passkey with (15 minutes). */
export const recoveryTicketSchema = z.object(personTicketShape);

export const recoveryCompleteInputSchema = z.object({ ticket: z.uuid(), passkey: registrationResponseSchema });

/** Recovered: the session is open, and the used code is replaced by this one, shown once. */
export const recoveredSchema = z.object({ message: z.string(), recoveryCode: z.string() });

/** Activated: with a passkey, the person's first recovery code (shown once); null when they chose e-mail only. */
/** `pendingEmail`: the personal e-mail given, waiting for its link to be opened (docs/decisions/066). */
export const activatedSchema = z.object({
  message: z.string(),
  recoveryCode: z.string().nullable(),
  pendingEmail: z.string().nullable(),
});
