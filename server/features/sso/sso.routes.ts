/**
 * /api/sso/*: /login's way through the company's identity provider
 * (docs/decisions/047). `start` finds the company by the e-mail's verified
 * domain and answers the provider's address; the provider comes back to the
 * OIDC callback or the SAML ACS, which verify the answer, find the person
 * (sso-people.ts) and sign them in with the server-only session endpoint, so
 * the access hooks and the Registro de acessos (method 'sso') apply. Every
 * refusal lands on /login with a reason the page says in pt-BR.
 */
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ssoStartInputSchema, ssoStartSchema } from "#core/schemas/sso.ts";
import { type SsoRefusal, ssoMessages } from "#core/sso-messages.ts";
import type { Db } from "#server/db/client.ts";
import { ssoConnections, ssoRequests } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { publicAccess } from "#server/features/auth/index.ts";
import { startSession } from "#server/features/passkeys/index.ts";
import { discoverIssuer, finishOidc, startOidc } from "./oidc.ts";
import { finishSaml, spMetadata, startSaml } from "./saml.ts";
import { openSecret } from "./secret-box.ts";
import { connectionForEmail, coversEmail } from "./sso-connections.ts";
import { findOrJoinSsoPerson, rememberEntraObjectId } from "./sso-people.ts";
import { ssoUrls } from "./sso-urls.ts";
import type { Vouched } from "./vouched.ts";

/** How long a sign-in may take at the provider. */
const SSO_REQUEST_MINUTES = 10;
const STATE_COOKIE = "sereno.sso_state";

function refuseTo(reply: FastifyReply, reason: SsoRefusal) {
  return reply.redirect(`/login?erro=sso&motivo=${reason}`, 303);
}

function stateCookie(value: string, https: boolean, maxAge: number): string {
  return `${STATE_COOKIE}=${value}; Path=/api/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${https ? "; Secure" : ""}`;
}

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** Takes the request out of the table (single use); null when unknown, expired or of another protocol. */
async function takeSsoRequest(db: Db, id: string, protocol: "oidc" | "saml", now: Date) {
  const [row] = await db
    .delete(ssoRequests)
    .where(and(eq(ssoRequests.id, id), eq(ssoRequests.protocol, protocol), gt(ssoRequests.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Signs the vouched-for person in, or lands on /login with the reason. */
async function signInVouched(
  request: FastifyRequest,
  reply: FastifyReply,
  connection: typeof ssoConnections.$inferSelect,
  vouched: Vouched & { via: "oidc" | "saml" },
  extraCookies: string[] = [],
) {
  const { db } = request.server.deps;
  if (!(await coversEmail(db, connection.companyId, vouched.email))) {
    request.log.warn(
      { companyId: connection.companyId, via: vouched.via },
      "sso: e-mail outside the company's domains",
    );
    return refuseTo(reply, "wrong-domain");
  }
  const person = await findOrJoinSsoPerson(db, connection.companyId, {
    ...vouched,
    createOnFirstSignIn: connection.createOnFirstSignIn,
  });
  if ("refused" in person) {
    request.log.warn({ companyId: connection.companyId, reason: person.refused }, "sso: person refused");
    return refuseTo(reply, person.refused);
  }
  // Entra's object id, so that a Teams chat can be bound only to its own person (docs/decisions/109).
  if (vouched.entraObjectId) await rememberEntraObjectId(db, person.userId, vouched.entraObjectId);
  try {
    await startSession(request, reply, person.userId, "sso");
  } catch (error) {
    if (error instanceof AppError && error.code === "FORBIDDEN") return refuseTo(reply, "access-ended");
    throw error;
  }
  const cookies = reply.getHeader("set-cookie");
  reply.header("set-cookie", [
    ...(Array.isArray(cookies) ? cookies : cookies ? [String(cookies)] : []),
    ...extraCookies,
  ]);
  return reply.redirect("/dashboard", 303);
}

export async function ssoSignInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, ssoKey } = app.deps;
  const https = env.APP_URL.startsWith("https://");

  app.post(
    "/api/sso/start",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary: "Começa o login único: o endereço do provedor da empresa do e-mail (por domínio verificado)",
        body: ssoStartInputSchema,
        response: { 200: ssoStartSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const connection = await connectionForEmail(db, email);
      if (!connection) throw new AppError("NOT_FOUND", ssoMessages.noConnection, { field: "email" });
      if (connection.protocol === "saml") {
        return { url: await startSaml(db, env, connection, email) };
      }
      const config = await discoverIssuer(connection.oidcIssuer ?? "", env.NODE_ENV, {
        id: connection.oidcClientId ?? "",
        secret: openSecret(ssoKey, connection.companyId, connection.oidcClientSecret ?? ""),
      }).catch(() => {
        throw new AppError("SERVICE_UNAVAILABLE", ssoMessages.failed);
      });
      const started = await startOidc(config, ssoUrls(env.APP_URL, connection.companyId).oidcRedirectUri, email);
      await db.insert(ssoRequests).values({
        id: started.state,
        companyId: connection.companyId,
        protocol: "oidc",
        codeVerifier: started.codeVerifier,
        nonce: started.nonce,
        expiresAt: new Date(app.deps.now().getTime() + SSO_REQUEST_MINUTES * 60_000),
      });
      reply.header("set-cookie", stateCookie(started.state, https, SSO_REQUEST_MINUTES * 60));
      return { url: started.url };
    },
  );

  app.get(
    "/api/sso/oidc/callback",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary: "Volta do provedor OIDC: confere state, PKCE e nonce e entra (ou volta a /login com o motivo)",
        querystring: z.object({ state: z.string().max(200).optional() }).passthrough(),
      },
    },
    async (request, reply) => {
      const clearState = stateCookie("", https, 0);
      const state = request.query.state;
      const cookieState = readCookie(request, STATE_COOKIE);
      reply.header("set-cookie", clearState);
      if (!state || state !== cookieState) return refuseTo(reply, "expired");
      const pending = await takeSsoRequest(db, state, "oidc", app.deps.now());
      if (!pending?.codeVerifier || !pending.nonce) return refuseTo(reply, "expired");
      const [connection] = await db
        .select()
        .from(ssoConnections)
        .where(and(eq(ssoConnections.companyId, pending.companyId), eq(ssoConnections.protocol, "oidc")));
      if (!connection) return refuseTo(reply, "failed");
      let vouched: Vouched;
      try {
        const config = await discoverIssuer(connection.oidcIssuer ?? "", env.NODE_ENV, {
          id: connection.oidcClientId ?? "",
          secret: openSecret(ssoKey, connection.companyId, connection.oidcClientSecret ?? ""),
        });
        const callbackUrl = new URL(request.url, ssoUrls(env.APP_URL, connection.companyId).oidcRedirectUri);
        vouched = await finishOidc(config, callbackUrl, {
          state,
          codeVerifier: pending.codeVerifier,
          nonce: pending.nonce,
        });
      } catch (error) {
        request.log.warn({ companyId: connection.companyId, err: String(error) }, "sso: OIDC answer refused");
        return refuseTo(reply, "failed");
      }
      return signInVouched(request, reply, connection, { ...vouched, via: "oidc" }, [clearState]);
    },
  );

  const samlParams = z.object({ companyId: z.uuid() });
  async function samlConnection(companyId: string) {
    const [connection] = await db
      .select()
      .from(ssoConnections)
      .where(and(eq(ssoConnections.companyId, companyId), eq(ssoConnections.protocol, "saml")));
    return connection ?? null;
  }

  app.get(
    "/api/sso/saml/:companyId/metadata",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary: "Metadados SAML do Sereno (SP) para esta empresa: entity id e ACS",
        params: samlParams,
      },
    },
    async (request, reply) => {
      const connection = await samlConnection(request.params.companyId);
      if (!connection) throw new AppError("NOT_FOUND", ssoMessages.notConfigured);
      return reply.type("application/samlmetadata+xml; charset=utf-8").send(spMetadata(db, env, connection));
    },
  );

  // The IdP posts a form: read it here only (the rest of the API takes JSON).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    "/api/sso/saml/:companyId/acs",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["autenticação"],
        summary:
          "Assertion Consumer Service: recebe a resposta SAML assinada do IdP e entra (ou volta a /login com o motivo)",
        params: samlParams,
        body: z.object({ SAMLResponse: z.string().max(500_000), RelayState: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const connection = await samlConnection(request.params.companyId);
      if (!connection) return refuseTo(reply, "failed");
      let vouched: Vouched;
      try {
        vouched = await finishSaml(db, env, connection, request.body.SAMLResponse, app.deps.now);
      } catch (error) {
        request.log.warn({ companyId: connection.companyId, err: String(error) }, "sso: SAML answer refused");
        return refuseTo(reply, "failed");
      }
      return signInVouched(request, reply, connection, { ...vouched, via: "saml" });
    },
  );
}
