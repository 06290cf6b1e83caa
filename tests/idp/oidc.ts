/**
 * A real OpenID provider for the tests (panva's oidc-provider) on
 * 127.0.0.1: one client, PKCE required, its development login form (any
 * login, any password: the login is the person's e-mail), and the consent
 * screen skipped by granting the scopes up front. Node 20 makes it print an
 * 'Unsupported runtime' warning: harmless.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Context } from "oidc-provider";

export const OIDC_CLIENT = { id: "sereno-teste", secret: "segredo-do-cliente-de-teste" };

/** A login 'entra:<e-mail>' signs in as Entra ID does without the optional email claim, with its object id (`oid`). */
const ENTRA_LOGIN = /^entra:(.+)$/;

/** The object id this provider gives the Entra-like login of `email`: a GUID fixed by the address. */
export function entraObjectIdFor(email: string): string {
  const hex = createHash("sha256").update(email).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type TestOidcProvider = { issuer: string; close: () => Promise<void> };

/** `port`: 0 for any free port (the API tests), or a fixed one from 4401–4409 (the browser journeys). */
export async function startOidcProvider(options: { redirectUri: string; port?: number }): Promise<TestOidcProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ["sub", "oid"], email: ["email", "email_verified"], profile: ["name", "preferred_username"] },
    // The ID token carries what claims() gives it for "id_token": nothing but sub, unless the login is Entra-like.
    conformIdTokenClaims: false,
    cookies: { keys: ["chave-de-cookies-do-provedor-de-teste"] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async (use: string) => {
        const entra = ENTRA_LOGIN.exec(id)?.[1];
        if (entra) {
          // Entra ID: the address only as preferred_username in the ID token, no email (its userinfo: below).
          return use === "id_token"
            ? {
                sub: id,
                oid: entraObjectIdFor(entra),
                preferred_username: entra,
                name: `Pessoa ${entra.split("@")[0]}`,
              }
            : { sub: id, name: `Pessoa ${entra.split("@")[0]}` };
        }
        if (use === "id_token") return { sub: id };
        return { sub: id, email: id, email_verified: true, name: `Pessoa ${id.split("@")[0]}` };
      },
    }),
    // Skips the consent screen: the client is granted what Sereno asks for.
    loadExistingGrant: async (ctx: Context) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name", "preferred_username"]);
      await grant.save();
      return grant;
    },
  });
  // For the Entra-like login the userinfo is unusable (it names another subject, which a client must
  // refuse, OIDC Core 5.3.2): Entra's userinfo is Microsoft Graph's, and Sereno must not need it when
  // the ID token already names the address.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { sub?: unknown } | undefined;
    if (ctx.path === "/me" && typeof body?.sub === "string" && ENTRA_LOGIN.test(body.sub)) {
      ctx.body = { ...body, sub: `graph-${body.sub}` };
    }
  });
  handle = provider.callback();
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider as a browser would, without one: the
 * authorization URL, the login form (the e-mail as the login) and back; the
 * answer is the address the provider sends the browser to (Sereno's callback).
 */
export async function signInAtOidcProvider(authorizationUrl: string, email: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  async function go(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: cookieHeader() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) cookies.set(name.trim(), value.join("="));
    }
    return response;
  }
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await go(url);
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== new URL(authorizationUrl).origin) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="login"')) throw new Error(`unexpected page at ${url}: ${html.slice(0, 300)}`);
    const posted = await go(new URL(action, url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: "login", login: email, password: "qualquer" }).toString(),
    });
    url = new URL(posted.headers.get("location") ?? "", url).href;
  }
  throw new Error("too many redirects at the OpenID provider");
}
