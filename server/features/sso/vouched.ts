/** Who a company's identity provider vouches for, by OIDC or SAML (docs/decisions/047 and 109). */
import { isGuid } from "#core/msteams.ts";

export type Vouched = {
  email: string;
  name: string | null;
  /** Microsoft Entra's object id of the person, the id Teams sends as `aadObjectId`; null from other providers. */
  entraObjectId: string | null;
};

/** Entra ID's object id (the ID token's `oid`, SAML's objectidentifier claim) when the value is one: a GUID. */
export function entraObjectIdOf(value: unknown): string | null {
  return typeof value === "string" && isGuid(value.trim()) ? value.trim().toLowerCase() : null;
}
