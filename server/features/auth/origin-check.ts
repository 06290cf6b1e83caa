/**
 * Cross-site request refusal (docs/decisions/018): a state-changing /api
 * request that carries a session cookie must come from the app's own origin,
 * proven by Origin or, failing that, Sec-Fetch-Site. A bearer-token client
 * sends no cookie and is exempt. Sign-in and the other auth POSTs are checked
 * whenever they state an Origin, before the sign-in limits count them.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?sereno\.session_token=/;

function isSameOrigin(request: FastifyRequest, trustedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return trustedOrigins.has(origin);
  const site = request.headers["sec-fetch-site"];
  return site === "same-origin";
}

/** `trustedOrigins`: APP_URL's origin, or the server's own addresses when APP_URL is unset (server/env.ts). */
export function registerOriginCheck(app: FastifyInstance, trustedOrigins: string[], appUrl: string): void {
  const trusted = new Set(trustedOrigins);
  // Says where the app lives, so someone who opened it at another address knows what to type instead.
  const refusal = serverMessages.originRefused.replace("{url}", appUrl);
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    const hasSession = SESSION_COOKIE.test(request.headers.cookie ?? "");
    const statesOrigin = request.headers.origin !== undefined || request.headers["sec-fetch-site"] !== undefined;
    if (!hasSession && !(request.url.startsWith("/api/auth/") && statesOrigin)) return;
    if (!isSameOrigin(request, trusted)) throw new AppError("ORIGIN_REFUSED", refusal);
  });
}
