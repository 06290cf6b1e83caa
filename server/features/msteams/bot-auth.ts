/**
 * The Bot Framework's proof on an incoming activity (docs/decisions/095): `Authorization: Bearer <JWT>`,
 * RS256, signed by a key of the JWKS that the OpenID metadata at MSTEAMS_OPENID_URL names, issued by the
 * metadata's issuer (https://api.botframework.com), for the audience of the company's Microsoft App ID, not
 * expired (five minutes of skew), and naming in `serviceurl` the serviceUrl of the activity it carries.
 * Anything else is refused before the activity is read.
 */
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";

type Metadata = { issuer: string; keys: JWTVerifyGetKey; readAt: number };
const METADATA_TTL_MS = 60 * 60_000;
const metadataByUrl = new Map<string, Metadata>();

async function metadataOf(openIdUrl: string): Promise<Metadata> {
  const cached = metadataByUrl.get(openIdUrl);
  if (cached && Date.now() - cached.readAt < METADATA_TTL_MS) return cached;
  const response = await fetch(openIdUrl, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Bot Framework OpenID metadata answered ${response.status}`);
  const document = (await response.json()) as { issuer?: string; jwks_uri?: string };
  if (!document.issuer || !document.jwks_uri)
    throw new Error("Bot Framework OpenID metadata without issuer or jwks_uri");
  const metadata = {
    issuer: document.issuer,
    keys: createRemoteJWKSet(new URL(document.jwks_uri)),
    readAt: Date.now(),
  };
  metadataByUrl.set(openIdUrl, metadata);
  return metadata;
}

/** True only when the header holds a valid Bot Framework token for `appId` about `serviceUrl`. */
export async function isBotFrameworkToken(
  openIdUrl: string,
  header: string | undefined,
  appId: string,
  serviceUrl: unknown,
  now: Date,
): Promise<boolean> {
  const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : null;
  if (!token || typeof serviceUrl !== "string") return false;
  try {
    const { issuer, keys } = await metadataOf(openIdUrl);
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience: appId,
      algorithms: ["RS256"],
      clockTolerance: 300,
      currentDate: now,
      requiredClaims: ["exp"],
    });
    return sameServiceUrl(payload.serviceurl, serviceUrl);
  } catch {
    return false;
  }
}

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);
const sameServiceUrl = (claim: unknown, url: string) =>
  typeof claim === "string" && withSlash(claim) === withSlash(url);
