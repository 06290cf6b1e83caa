/**
 * A local stand-in for the Bot Framework and Teams' Bot Connector (docs/decisions/095): these machines
 * cannot reach login.botframework.com, login.microsoftonline.com nor smba.trafficmanager.net, so tests point
 * MSTEAMS_OPENID_URL, MSTEAMS_LOGIN_URL and MSTEAMS_SERVICE_URL here. It speaks the documented contract:
 * - GET /v1/.well-known/openidconfiguration (issuer https://api.botframework.com, jwks_uri) and the JWKS,
 *   whose RSA key signs the activities it delivers (RS256, aud = the bot's App ID, `serviceurl` claim);
 * - POST /{tenant}/oauth2/v2.0/token: client credentials in, `{ token_type, expires_in, access_token }` out;
 * - the connector under /teams/: POST v3/conversations, POST v3/conversations/{id}/activities and
 *   PUT v3/conversations/{id}/activities/{activityId}, each with the bot's bearer token, recorded.
 * `outage` makes the connector answer 503.
 *
 * Over HTTP for the browser tests: GET /_sent lists what the bot sent, POST /_outage {"on": true} cuts it,
 * POST /_deliver {"endpoint", "appId", "activity"} signs an activity and posts it to the bot as Teams would.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

const BOT_FRAMEWORK_ISSUER = "https://api.botframework.com";

/** One call the bot made to the connector. */
export type SentActivity = {
  method: "POST" | "PUT";
  conversationId: string;
  /** The id answered (POST) or replaced (PUT). */
  activityId: string;
  body: Record<string, unknown>;
};

export type FakeBotFramework = {
  url: string;
  /** What MSTEAMS_SERVICE_URL and the activities' serviceUrl are. */
  serviceUrl: string;
  sent: SentActivity[];
  conversations: Array<Record<string, unknown>>;
  tokenRequests: Array<Record<string, string>>;
  outage: { on: boolean };
  /** A Bot Framework token for `appId` about `serviceUrl`, signed with the stand-in's key (or another). */
  sign(
    appId: string,
    options?: { now?: Date; serviceUrl?: string; foreignKey?: boolean; issuer?: string },
  ): Promise<string>;
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      data += chunk;
    });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

export async function startFakeBotFramework(port = 0): Promise<FakeBotFramework> {
  const keys = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256", { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid, use: "sig", alg: "RS256" };
  const sent: SentActivity[] = [];
  const conversations: Array<Record<string, unknown>> = [];
  const tokenRequests: Array<Record<string, string>> = [];
  const issued = new Set<string>();
  const outage = { on: false };
  let base = "";

  async function sign(
    appId: string,
    options: { now?: Date; serviceUrl?: string; foreignKey?: boolean; issuer?: string } = {},
  ): Promise<string> {
    const seconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
    return new SignJWT({ serviceurl: options.serviceUrl ?? `${base}/teams/` })
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .setIssuer(options.issuer ?? BOT_FRAMEWORK_ISSUER)
      .setAudience(appId)
      .setIssuedAt(seconds)
      .setNotBefore(seconds - 300)
      .setExpirationTime(seconds + 3600)
      .sign(options.foreignKey ? foreign.privateKey : keys.privateKey);
  }

  const server: Server = createServer(async (request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? "/", "http://localhost");
    const path = url.pathname;
    if (request.method === "GET" && path === "/_sent") return reply(200, sent);
    if (request.method === "POST" && path === "/_outage") {
      outage.on = Boolean((JSON.parse((await readBody(request)) || "{}") as { on?: boolean }).on);
      return reply(200, outage);
    }
    if (request.method === "POST" && path === "/_deliver") {
      const { endpoint, appId, activity } = JSON.parse(await readBody(request)) as {
        endpoint: string;
        appId: string;
        activity: Record<string, unknown>;
      };
      const answer = await fetch(endpoint, {
        method: "POST",
        headers: { authorization: `Bearer ${await sign(appId)}`, "content-type": "application/json" },
        body: JSON.stringify({ serviceUrl: `${base}/teams/`, ...activity }),
      });
      return reply(200, { status: answer.status, body: await answer.text() });
    }
    if (request.method === "GET" && path === "/v1/.well-known/openidconfiguration") {
      return reply(200, {
        issuer: BOT_FRAMEWORK_ISSUER,
        authorization_endpoint: "https://invalid.botframework.com",
        jwks_uri: `${base}/v1/.well-known/keys`,
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["private_key_jwt"],
      });
    }
    if (request.method === "GET" && path === "/v1/.well-known/keys") {
      return reply(200, { keys: [{ ...jwk, endorsements: ["msteams"] }] });
    }
    if (request.method === "POST" && /^\/[^/]+\/oauth2\/v2\.0\/token$/.test(path)) {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      tokenRequests.push(form);
      if (form.grant_type !== "client_credentials" || !form.client_id || !form.client_secret) {
        return reply(400, { error: "invalid_request", error_description: "AADSTS900144" });
      }
      const token = `fake-bf-${randomUUID()}`;
      issued.add(token);
      return reply(200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: token });
    }
    const conversation = /^\/teams\/v3\/conversations(?:\/([^/]+)\/activities(?:\/([^/]+))?)?$/.exec(path);
    if (!conversation) return reply(404, { error: { code: "NotFound", message: "Unknown path" } });
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !issued.has(bearer)) return reply(401, { error: { code: "Unauthorized", message: "Unauthorized" } });
    if (outage.on) return reply(503, { error: { code: "ServiceUnavailable", message: "Service unavailable" } });
    const body = JSON.parse((await readBody(request)) || "{}") as Record<string, unknown>;
    const [, conversationId, activityId] = conversation;
    if (request.method === "POST" && !conversationId) {
      conversations.push(body);
      return reply(201, { id: `a:${randomUUID()}` });
    }
    if (request.method === "POST" && conversationId && !activityId) {
      const id = `1:${randomUUID()}`;
      sent.push({ method: "POST", conversationId: decodeURIComponent(conversationId), activityId: id, body });
      return reply(201, { id });
    }
    if (request.method === "PUT" && conversationId && activityId) {
      const id = decodeURIComponent(activityId);
      if (!sent.some((activity) => activity.method === "POST" && activity.activityId === id)) {
        return reply(404, { error: { code: "ActivityNotFound", message: "Activity not found" } });
      }
      sent.push({ method: "PUT", conversationId: decodeURIComponent(conversationId), activityId: id, body });
      return reply(200, { id });
    }
    return reply(405, { error: { code: "MethodNotAllowed", message: "Method not allowed" } });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    serviceUrl: `${base}/teams/`,
    sent,
    conversations,
    tokenRequests,
    outage,
    sign,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A personal-chat activity from a Teams user to the bot, as Teams sends it. */
export function personalActivity(
  stand: { serviceUrl: string },
  who: { teamsUserId: string; aadObjectId: string; tenantId: string; conversationId: string },
  activity: Record<string, unknown>,
) {
  return {
    id: randomUUID(),
    channelId: "msteams",
    timestamp: new Date().toISOString(),
    serviceUrl: stand.serviceUrl,
    from: { id: who.teamsUserId, aadObjectId: who.aadObjectId, name: "Pessoa" },
    recipient: { id: "28:bot", name: "Sereno" },
    conversation: { id: who.conversationId, conversationType: "personal", tenantId: who.tenantId },
    channelData: { tenant: { id: who.tenantId } },
    ...activity,
  };
}

/** The Adaptive Card of a sent activity, if it holds one. */
export function cardOf(activity: SentActivity | undefined): Record<string, unknown> | undefined {
  const attachments = activity?.body.attachments as Array<{ content?: Record<string, unknown> }> | undefined;
  return attachments?.[0]?.content;
}
