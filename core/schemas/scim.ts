/** SCIM provisioning's token, as the admin's screen reads it (issue 34, docs/decisions/048). The SCIM bodies themselves follow RFC 7643. */
import { z } from "zod";

export const scimTokenSchema = z.object({
  id: z.string(),
  /** 'sereno_scim_Ab3dE9': enough to recognise the token, never to use it. */
  prefix: z.string(),
  createdByEmail: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

/** The company's SCIM settings: the base URL to paste in the IdP, the active token if any, and the last revoked ones. */
export const scimSettingsSchema = z.object({ baseUrl: z.string(), tokens: z.array(scimTokenSchema) });
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

/** The one reply that carries the whole token: its creation. */
export const createdScimTokenSchema = z.object({ token: scimTokenSchema, secret: z.string(), message: z.string() });
export type CreatedScimToken = z.infer<typeof createdScimTokenSchema>;
