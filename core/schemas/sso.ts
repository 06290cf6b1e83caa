/** The company's single sign-on (issue 34, docs/decisions/047): the admin's settings and what /login sends. */
import { z } from "zod";
import { messages } from "../messages.ts";
import { ssoMessages } from "../sso-messages.ts";
import { plainText } from "../text.ts";

const optionalText = (max: number) => z.string().trim().max(max).optional();
const isUrl = (value: string) => z.url().safeParse(value).success;

/** One flat form for both protocols (the admin switches between them); each protocol's fields are required by it. */
export const ssoConfigInputSchema = z
  .object({
    protocol: z.enum(["oidc", "saml"]),
    issuer: optionalText(500),
    clientId: optionalText(500),
    /** Left empty when editing: the stored secret stays. */
    clientSecret: optionalText(2000),
    metadataXml: optionalText(200_000),
    metadataUrl: optionalText(500),
    allowPassword: z.boolean(),
    createOnFirstSignIn: z.boolean(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (input.protocol === "oidc") {
      if (!input.issuer || !isUrl(input.issuer)) issue("issuer", ssoMessages.issuerInvalid);
      if (!input.clientId) issue("clientId", ssoMessages.clientIdRequired);
      return;
    }
    if (input.metadataUrl && !isUrl(input.metadataUrl)) issue("metadataUrl", ssoMessages.metadataUnreachable);
    if (!input.metadataXml && !input.metadataUrl) issue("metadataXml", ssoMessages.metadataRequired);
  });
export type SsoConfigInput = z.infer<typeof ssoConfigInputSchema>;

const ssoDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  /** The TXT record to add at the domain itself. */
  txtValue: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.enum(["dns", "manual"]).nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

export const ssoSettingsSchema = z.object({
  connection: z
    .object({
      protocol: z.enum(["oidc", "saml"]),
      issuer: z.string().nullable(),
      clientId: z.string().nullable(),
      hasClientSecret: z.boolean(),
      metadataUrl: z.string().nullable(),
      idpEntityId: z.string().nullable(),
      ssoUrl: z.string().nullable(),
      allowPassword: z.boolean(),
      createOnFirstSignIn: z.boolean(),
    })
    .nullable(),
  domains: z.array(ssoDomainSchema),
  /** What the company's IT copies into its provider. */
  sereno: z.object({
    oidcRedirectUri: z.string(),
    samlEntityId: z.string(),
    samlMetadataUrl: z.string(),
    samlAcsUrl: z.string(),
  }),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoDomainInputSchema = z
  .object({
    domain: z
      .string({ error: ssoMessages.domainInvalid })
      .trim()
      .toLowerCase()
      .transform((value) => value.replace(/^@/, ""))
      .pipe(
        z
          .string()
          .max(253, ssoMessages.domainInvalid)
          .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, ssoMessages.domainInvalid),
      ),
  })
  .strict();

export const ssoStartInputSchema = z
  .object({
    email: plainText(messages.emailRequired)
      .trim()
      .toLowerCase()
      .min(1, messages.emailRequired)
      .max(254, messages.emailInvalid)
      .pipe(z.email({ error: messages.emailInvalid })),
    next: z.string().max(500).optional(),
  })
  .strict();

export const ssoStartSchema = z.object({ url: z.string() });
