/**
 * The Bot Connector over fetch (docs/decisions/095): the bot's token by client credentials from
 * `{MSTEAMS_LOGIN_URL}/{tenant}/oauth2/v2.0/token` (scope https://api.botframework.com/.default), then
 * `POST {serviceUrl}v3/conversations/{id}/activities` to send a card and
 * `PUT {serviceUrl}v3/conversations/{id}/activities/{activityId}` to replace it. The token only goes to a
 * serviceUrl under MSTEAMS_SERVICE_URL. A refusal or an outage throws: the job runner retries with back-off.
 * Nothing here logs a card, a token or a person.
 */
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { msteamsConnections } from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import { openSecret } from "#server/features/sso/index.ts";

export type ConnectorConfig = Pick<Env, "MSTEAMS_LOGIN_URL" | "MSTEAMS_SERVICE_URL">;
/** A company's opened bot: what a call needs. */
export type MsteamsBot = { companyId: string; appId: string; tenantId: string; clientSecret: string };

class ConnectorError extends Error {
  constructor(readonly status: number) {
    super(`Bot Connector answered ${status}`);
  }
}

export async function botOf(db: Db, key: Buffer, companyId: string): Promise<MsteamsBot | null> {
  const [row] = await db.select().from(msteamsConnections).where(eq(msteamsConnections.companyId, companyId));
  if (!row) return null;
  return {
    companyId,
    appId: row.appId,
    tenantId: row.tenantId,
    clientSecret: openSecret(key, companyId, row.clientSecret),
  };
}

const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

/** Whether the bot may write to `serviceUrl`: only the connector's own addresses get its token. */
export function isAllowedServiceUrl(config: ConnectorConfig, serviceUrl: string): boolean {
  return withSlash(serviceUrl).startsWith(withSlash(config.MSTEAMS_SERVICE_URL));
}

const tokens = new Map<string, { token: string; until: number }>();

async function tokenOf(config: ConnectorConfig, bot: MsteamsBot): Promise<string> {
  const cacheKey = `${bot.companyId}|${bot.appId}|${bot.clientSecret.length}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.until > Date.now()) return cached.token;
  const response = await call(`${config.MSTEAMS_LOGIN_URL}/${encodeURIComponent(bot.tenantId)}/oauth2/v2.0/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: bot.appId,
      client_secret: bot.clientSecret,
      scope: "https://api.botframework.com/.default",
    }).toString(),
  });
  const { access_token, expires_in } = (await response.json()) as { access_token?: string; expires_in?: number };
  if (!access_token) throw new ConnectorError(502);
  // A minute early, so a token never expires on its way.
  tokens.set(cacheKey, { token: access_token, until: Date.now() + Math.max(0, (expires_in ?? 3600) - 60) * 1000 });
  return access_token;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new ConnectorError(0);
  }
  if (!response.ok) throw new ConnectorError(response.status);
  return response;
}

const cardActivity = (card: unknown) => ({
  type: "message",
  attachments: [{ contentType: "application/vnd.microsoft.card.adaptive", content: card }],
});

async function connector(
  config: ConnectorConfig,
  bot: MsteamsBot,
  serviceUrl: string,
  path: string,
  method: "POST" | "PUT",
  body: unknown,
): Promise<Response> {
  if (!isAllowedServiceUrl(config, serviceUrl)) throw new ConnectorError(400);
  const token = await tokenOf(config, bot);
  return call(`${withSlash(serviceUrl)}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Sends a card to a conversation; answers the new activity's id. */
export async function sendCard(
  config: ConnectorConfig,
  bot: MsteamsBot,
  target: { serviceUrl: string; conversationId: string },
  card: unknown,
): Promise<string | null> {
  const response = await connector(
    config,
    bot,
    target.serviceUrl,
    `v3/conversations/${encodeURIComponent(target.conversationId)}/activities`,
    "POST",
    cardActivity(card),
  );
  const { id } = (await response.json().catch(() => ({}))) as { id?: string };
  return id ?? null;
}

/** Replaces an activity the bot sent (the answered card) by another card. */
export async function replaceCard(
  config: ConnectorConfig,
  bot: MsteamsBot,
  target: { serviceUrl: string; conversationId: string; activityId: string },
  card: unknown,
): Promise<void> {
  const { serviceUrl, conversationId, activityId } = target;
  await connector(
    config,
    bot,
    serviceUrl,
    `v3/conversations/${encodeURIComponent(conversationId)}/activities/${encodeURIComponent(activityId)}`,
    "PUT",
    { ...cardActivity(card), id: activityId },
  );
}
