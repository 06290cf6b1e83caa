/**
 * OpenID Connect with the company's provider, through openid-client 6
 * (docs/decisions/047): discovery from the issuer, the authorization code
 * flow with PKCE (S256), state and nonce, the client secret sent by HTTP
 * Basic. The state, verifier and nonce wait in `sso_requests` (10 minutes,
 * single use); the browser holds the state in an HTTP-only cookie too, so a
 * callback opened in another browser is refused.
 */
import * as oidc from "openid-client";
import { ssoMessages } from "#core/sso-messages.ts";
import { AppError } from "#server/errors.ts";
import { entraObjectIdOf, type Vouched } from "./vouched.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** http:// only for a provider on this machine, and never in production (the tests' provider). */
function discoveryOptions(issuer: URL, nodeEnv: string) {
  if (issuer.protocol === "https:") return undefined;
  if (issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname) && nodeEnv !== "production")
    return { execute: [oidc.allowInsecureRequests] };
  throw new AppError("VALIDATION", ssoMessages.issuerInsecure, { field: "issuer" });
}

/** The provider's configuration; the admin's save is refused when discovery fails. */
export async function discoverIssuer(
  issuer: string,
  nodeEnv: string,
  /** Absent when only checking that the issuer answers (the admin's save). */
  client: { id: string; secret: string } = { id: "sereno", secret: "-" },
): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  const options = discoveryOptions(url, nodeEnv);
  try {
    return await oidc.discovery(url, client.id, undefined, oidc.ClientSecretBasic(client.secret), {
      ...options,
      timeout: 10,
    });
  } catch {
    throw new AppError("VALIDATION", ssoMessages.issuerUnreachable, { field: "issuer" });
  }
}

export type OidcStart = { url: string; state: string; codeVerifier: string; nonce: string };

export async function startOidc(config: oidc.Configuration, redirectUri: string, email: string): Promise<OidcStart> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    login_hint: email,
  });
  return { url: url.href, state, codeVerifier, nonce };
}

const isAddress = (value: unknown): value is string => typeof value === "string" && value.includes("@");

/**
 * The ID token's claims, with the userinfo's when the token names no e-mail: Okta and oidc-provider send
 * the profile's claims only from userinfo. Entra ID sends the address as preferred_username in the ID
 * token and may have no email at all (README); its userinfo is Microsoft Graph's, which may refuse or
 * not match the token, so an ID token with an address does not depend on it (issue 45, item 10).
 */
async function claimsOf(
  config: oidc.Configuration,
  accessToken: string,
  idToken: oidc.IDToken,
): Promise<Record<string, unknown>> {
  if (isAddress(idToken.email)) return idToken;
  try {
    return { ...idToken, ...(await oidc.fetchUserInfo(config, accessToken, idToken.sub)) };
  } catch (error) {
    if (isAddress(idToken.preferred_username)) return idToken;
    throw error;
  }
}

/**
 * The person the provider vouches for: their e-mail (Entra ID may send it only as preferred_username), name and,
 * from Entra ID, their object id (`oid`).
 */
export async function finishOidc(
  config: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; codeVerifier: string; nonce: string },
): Promise<Vouched> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error("no ID token claims");
  const claims = await claimsOf(config, tokens.access_token, idToken);
  if (claims.email_verified === false) throw new Error("e-mail not verified by the provider");
  const email = [claims.email, claims.preferred_username].find(isAddress);
  if (!email) throw new Error("no e-mail claim");
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim() : null;
  return { email: email.trim().toLowerCase(), name, entraObjectId: entraObjectIdOf(claims.oid) };
}
