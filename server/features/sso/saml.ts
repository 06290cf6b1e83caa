/**
 * SAML 2.0 with the company's IdP through @node-saml/node-saml 5
 * (docs/decisions/047): SP-initiated only, HTTP-Redirect to the IdP and
 * HTTP-POST back to the ACS. Signed assertions are required (a signed
 * response alone is not enough), the audience is Sereno's entity id, the
 * issuer the IdP's, NotBefore/NotOnOrAfter are checked with 30 s of clock
 * skew, and InResponseTo must name a request we sent (kept in
 * `sso_requests` for 10 minutes, used once), so an IdP-initiated response,
 * which names none, is refused. node-saml reads only the assertion the
 * signature covers, which is what defeats signature wrapping; Recipient and
 * Destination, which it does not check, are checked here. No single logout.
 */
import { type CacheProvider, SAML, ValidateInResponseTo } from "@node-saml/node-saml";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type ssoConnections, ssoRequests } from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import { ssoUrls } from "./sso-urls.ts";
import { entraObjectIdOf, type Vouched } from "./vouched.ts";

type Connection = typeof ssoConnections.$inferSelect;

const EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  "urn:oid:0.9.2342.19200300.100.1.3",
];
/** Entra ID's claim for the person's object id (the id Teams sends as aadObjectId, docs/decisions/109). */
const ENTRA_OBJECT_ID_ATTRIBUTE = "http://schemas.microsoft.com/identity/claims/objectidentifier";
const NAME_ATTRIBUTES = [
  "displayName",
  "name",
  "http://schemas.microsoft.com/identity/claims/displayname",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name",
];

/** The requests node-saml sent, in the database (every process of a cluster sees them); `taken` says a success used one. */
function requestStore(db: Db, companyId: string, now: () => Date) {
  const store = {
    taken: false as boolean,
    saveAsync: async (key: string, value: string) => {
      const expiresAt = new Date(now().getTime() + 10 * 60_000);
      // node-saml's value is the request's instant: it checks the age against it. Kept in `nonce`, unused by SAML.
      await db.insert(ssoRequests).values({ id: key, companyId, protocol: "saml", nonce: value, expiresAt });
      return { value, createdAt: now().getTime() };
    },
    getAsync: async (key: string) => {
      const [row] = await db
        .select({ instant: ssoRequests.nonce })
        .from(ssoRequests)
        .where(
          and(
            eq(ssoRequests.id, key),
            eq(ssoRequests.companyId, companyId),
            eq(ssoRequests.protocol, "saml"),
            gt(ssoRequests.expiresAt, now()),
          ),
        );
      return row?.instant ?? null;
    },
    removeAsync: async (key: string | null) => {
      if (!key) return null;
      const removed = await db
        .delete(ssoRequests)
        .where(and(eq(ssoRequests.id, key), eq(ssoRequests.companyId, companyId), eq(ssoRequests.protocol, "saml")))
        .returning();
      // Two copies of one response racing: only the one whose delete found the row may sign in.
      if (removed.length > 0) store.taken = true;
      return removed.length > 0 ? key : null;
    },
  } satisfies CacheProvider & { taken: boolean };
  return store;
}

function samlFor(db: Db, env: Pick<Env, "APP_URL">, connection: Connection, now: () => Date) {
  const urls = ssoUrls(env.APP_URL, connection.companyId);
  const store = requestStore(db, connection.companyId, now);
  const saml = new SAML({
    callbackUrl: urls.samlAcsUrl,
    entryPoint: connection.samlSsoUrl ?? undefined,
    issuer: urls.samlEntityId,
    audience: urls.samlEntityId,
    idpIssuer: connection.samlIdpEntityId ?? undefined,
    idpCert: connection.samlIdpCerts ?? [],
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider: store,
    acceptedClockSkewMs: 30_000,
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    disableRequestedAuthnContext: true,
  });
  return { saml, store, urls };
}

/** The IdP's address with a fresh AuthnRequest, whose ID is kept for InResponseTo. */
export async function startSaml(db: Db, env: Pick<Env, "APP_URL">, connection: Connection, email: string) {
  const { saml } = samlFor(db, env, connection, () => new Date());
  const url = new URL(await saml.getAuthorizeUrlAsync("", undefined, {}));
  // Entra ID and Okta read it to fill the account in; others ignore it.
  url.searchParams.set("login_hint", email);
  return url.href;
}

/** Sereno's SP metadata, for the IdP's administrator. */
export function spMetadata(db: Db, env: Pick<Env, "APP_URL">, connection: Connection): string {
  return samlFor(db, env, connection, () => new Date()).saml.generateServiceProviderMetadata(null, null);
}

function attributeValue(attributes: Record<string, unknown>, names: string[]): string | null {
  for (const name of names) {
    const value = attributes[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first.trim()) return first.trim();
  }
  return null;
}

/** The values of `name` on the elements named `localName` of an XML text as xmldom writes it (double quotes). */
function attributeValues(xml: string, localName: string, name: string): string[] {
  const tags = xml.match(new RegExp(`<(?:[\\w.-]+:)?${localName}\\b[^>]*>`, "g")) ?? [];
  return tags.flatMap((tag) => {
    const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
    return match ? [(match[1] ?? "").replace(/&amp;/g, "&")] : [];
  });
}

/** The text of the Response's own Issuer (its first child), or null when it names none. */
function responseIssuerOf(responseXml: string, rootTag: string): string | null {
  const afterRoot = responseXml.slice(responseXml.indexOf(rootTag) + rootTag.length);
  const issuer = /^\s*<(?:[\w.-]+:)?Issuer\b[^>]*>([^<]*)<\/(?:[\w.-]+:)?Issuer>/.exec(afterRoot);
  return issuer ? (issuer[1] ?? "").trim().replace(/&amp;/g, "&") : null;
}

/** Verifies the IdP's POST; throws (with a reason for the log) on any refusal. */
export async function finishSaml(
  db: Db,
  env: Pick<Env, "APP_URL">,
  connection: Connection,
  samlResponse: string,
  now: () => Date,
): Promise<Vouched> {
  const { saml, store, urls } = samlFor(db, env, connection, now);
  const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) throw new Error("no profile in the SAML response");
  if (!store.taken) throw new Error("SAML request already used");
  // The signed assertion's SubjectConfirmationData must be for our ACS; the response, when it says, too.
  const recipients = attributeValues(profile.getAssertionXml?.() ?? "", "SubjectConfirmationData", "Recipient");
  if (recipients.length === 0 || recipients.some((recipient) => recipient !== urls.samlAcsUrl))
    throw new Error("SAML Recipient is not our ACS");
  const responseXml = profile.getSamlResponseXml?.() ?? "";
  const rootTag = /<(?:[\w.-]+:)?Response\b[^>]*>/.exec(responseXml)?.[0] ?? "";
  const destination = attributeValues(rootTag, "Response", "Destination");
  if (destination.some((value) => value !== urls.samlAcsUrl)) throw new Error("SAML Destination is not our ACS");
  // node-saml checks idpIssuer only on logout messages: the signed assertion's Issuer must be the company's IdP
  // (docs/decisions/047), and so must the response's when it names one.
  const idpEntityId = connection.samlIdpEntityId;
  if (!idpEntityId || profile.issuer !== idpEntityId) throw new Error("SAML assertion Issuer is not the company's IdP");
  const responseIssuer = responseIssuerOf(responseXml, rootTag);
  if (responseIssuer !== null && responseIssuer !== idpEntityId)
    throw new Error("SAML response Issuer is not the company's IdP");

  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const email = attributeValue(attributes, EMAIL_ATTRIBUTES) ?? (profile.nameID?.includes("@") ? profile.nameID : null);
  if (!email) throw new Error("no e-mail in the SAML assertion");
  return {
    email: email.trim().toLowerCase(),
    name: attributeValue(attributes, NAME_ATTRIBUTES),
    entraObjectId: entraObjectIdOf(attributeValue(attributes, [ENTRA_OBJECT_ID_ATTRIBUTE])),
  };
}
