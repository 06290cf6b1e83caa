/**
 * /api/auth/*: better-auth behind an allowlist, with our rate limits in front
 * and its errors translated to our error shape in pt-BR. The raw body is
 * forwarded untouched (docs/stack-notes.md pitfall 9).
 */
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authMessages } from "#core/auth-messages.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { containsControlCharacters } from "#core/text.ts";
import type { Db } from "#server/db/client.ts";
import { AppError, type ErrorBody } from "#server/errors.ts";
import { publicAccess } from "./access.ts";
import { type Auth, CLIENT_IP_HEADER } from "./auth.ts";
import { authErrorCode, authErrorMessage } from "./auth-errors.ts";
import {
  consume,
  isActive,
  knownAddressKey,
  type LimitRule,
  recoveryLimits,
  refund,
  remember,
  signInLimits,
} from "./rate-limit.ts";
import { DEVICE_HEADER, deviceCookie, deviceOf, trustedDeviceKey } from "./sign-in-device.ts";

/** The better-auth endpoints the product uses; everything else answers 404. */
const allowed: Array<{ method: string; path: RegExp }> = [
  { method: "POST", path: /^\/sign-in\/email$/ },
  { method: "POST", path: /^\/sign-in\/social$/ },
  { method: "GET", path: /^\/callback\/google$/ },
  { method: "POST", path: /^\/sign-out$/ },
  { method: "GET", path: /^\/get-session$/ },
  { method: "POST", path: /^\/request-password-reset$/ },
  { method: "GET", path: /^\/reset-password\/[\w-]+$/ },
  { method: "POST", path: /^\/reset-password$/ },
  { method: "POST", path: /^\/change-password$/ },
  { method: "POST", path: /^\/sign-in\/magic-link$/ },
  { method: "GET", path: /^\/magic-link\/verify$/ },
];

/** Requests that send mail, and the prefix of their counters (recoveryLimits). */
const mailCounters: Record<string, string> = {
  "/request-password-reset": "recovery",
  "/sign-in/magic-link": "sign-in-link",
};

/** The sign-ins that make a browser trusted for the account (docs/decisions/062): they hand it its device cookie. */
const devicePaths = new Set(["/sign-in/email", "/magic-link/verify"]);

/**
 * What other features add to a sign-in, handed in by app.ts so auth imports no feature (docs/decisions/087):
 * `beforePasswordSignIn` may refuse a password or a link (sso/password-policy.ts), `failedSignIn` records a
 * refused password (audit/sign-in-events.ts).
 */
export type SignInHooks = {
  beforePasswordSignIn: (db: Db, email: string | undefined) => Promise<void>;
  failedSignIn: (request: FastifyRequest, email: string | undefined) => Promise<void>;
};

export async function authRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; googleEnabled: boolean; https: boolean; hooks: SignInHooks },
) {
  const { auth, db, googleEnabled, https, hooks } = opts;

  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    // better-auth's own sign-in, sign-out and e-mail flows: its session or its tokens are what it checks.
    config: { access: publicAccess },
    schema: { hide: true },
    async handler(request, reply) {
      const path = new URL(request.url, "http://x").pathname.replace(/^\/api\/auth/, "");
      if (/^\/sign-up(\/|$)/.test(path)) throw new AppError("FORBIDDEN", serverMessages.signUpClosed);
      if (!allowed.some((rule) => rule.method === request.method && rule.path.test(path))) {
        throw new AppError("NOT_FOUND", serverMessages.notFound);
      }
      if (path === "/sign-in/social" && !googleEnabled) {
        throw new AppError("SERVICE_UNAVAILABLE", authMessages.googleNotConfigured);
      }

      const raw = request.body as Buffer | undefined;
      const body = jsonOf(raw);
      const query = [...new URL(request.url, "http://x").searchParams.values()];
      // better-auth would hand a NUL byte to the database (a 500): refuse it here, as the schemas do (docs/decisions/018).
      if (containsControlCharacters(body) || containsControlCharacters(query)) {
        throw new AppError("VALIDATION", messages.textControlCharacters);
      }
      const email = emailFromBody(body);
      if (path === "/sign-in/email" || path === "/sign-in/magic-link") await hooks.beforePasswordSignIn(db, email);
      const device = deviceOf(request);
      const limited = await applyLimits(db, path, request.ip, email, device.id);

      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      headers.set(DEVICE_HEADER, device.id);
      let forwarded = raw;
      if (path === "/change-password" && body && typeof body === "object" && !Array.isArray(body)) {
        // Changing the password ends the other sessions, whatever the client asked (docs/decisions/018).
        forwarded = Buffer.from(JSON.stringify({ ...body, revokeOtherSessions: true }));
        headers.delete("content-length");
      }
      const response = await auth.handler(
        new Request(new URL(request.url, "http://localhost"), {
          method: request.method,
          headers,
          body: forwarded?.length ? new Uint8Array(forwarded) : undefined,
        }),
      );

      if (path === "/sign-in/email" && response.status === 401) await hooks.failedSignIn(request, email);
      if (path === "/sign-in/email" && email && response.ok) {
        await Promise.all(limited.map((key) => refund(db, key)));
        await remember(db, knownAddressKey(email, request.ip), signInLimits.knownAddress);
        await remember(db, trustedDeviceKey(email, device.id), signInLimits.knownAddress);
      }
      // A browser that just signed in gets, after the session's, the cookie that names it (docs/decisions/062):
      // this sign-in made it trusted for the account (here for a password, in sign-in-access.ts for a link).
      const signedIn = response.headers.getSetCookie().some((cookie) => cookie.includes("session_token="));
      const newDeviceCookie = device.isNew && signedIn && devicePaths.has(path) ? [deviceCookie(device.id, https)] : [];
      if (path === "/request-password-reset" && response.ok) {
        // better-auth's own text is English; the answer is the same whether or not the e-mail exists.
        return reply.status(200).send({ status: true, message: authMessages.recoverySent });
      }
      if (path === "/sign-in/magic-link" && response.ok) {
        return reply.status(200).send({ status: true, message: authMessages.signInLinkSent });
      }
      if (path === "/magic-link/verify" && response.status >= 400) {
        // A browser opened it: a refusal (the account lost its access meanwhile) lands on /login, said in pt-BR.
        const { code } = (await response.json().catch(() => ({}))) as { code?: string };
        return reply.redirect(`/login?erro=link&error=${authErrorCode(code)}`);
      }

      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      const cookies = [...response.headers.getSetCookie(), ...newDeviceCookie];
      if (cookies.length) reply.header("set-cookie", cookies);

      if (!response.ok && response.status >= 400) {
        const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
        if (response.status >= 500) request.log.error({ code: body.code }, "auth failed");
        const status = response.status === 422 ? 400 : response.status;
        reply.status(status).header("content-type", "application/json; charset=utf-8");
        const code = authErrorCode(body.code);
        return {
          error: { code, message: authErrorMessage(code, status, body.message), requestId: String(request.id) },
        } satisfies ErrorBody;
      }
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

function jsonOf(raw: Buffer | undefined): unknown {
  if (!raw?.length) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return undefined;
  }
}

function emailFromBody(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/**
 * Counts the attempt against each limit; returns the keys a success may refund. A browser that signed
 * in to the account before counts only against its own counters, which no stranger can spend (docs/decisions/062).
 */
async function applyLimits(
  db: Db,
  path: string,
  ip: string,
  email: string | undefined,
  deviceId: string,
): Promise<string[]> {
  const trusted = email ? trustedDeviceKey(email, deviceId) : null;
  const isTrusted = trusted ? await isActive(db, trusted) : false;
  if (path === "/sign-in/email") {
    if (!trusted || !isTrusted) return applySignInLimits(db, ip, email);
    await consumeOrRefuse(db, `${trusted}:attempts`, signInLimits.perTrustedDevice, "SIGN_IN_LIMITED");
    return [`${trusted}:attempts`];
  }
  const prefix = mailCounters[path];
  if (!prefix) return [];
  const rules: Array<[string, LimitRule]> =
    trusted && isTrusted
      ? [[`${trusted}:${prefix}`, recoveryLimits.perTrustedDevice]]
      : [[`${prefix}:ip:${ip}`, recoveryLimits.perIp]];
  if (email && !isTrusted) rules.push([`${prefix}:email:${email}`, recoveryLimits.perEmail]);
  for (const [key, rule] of rules) await consumeOrRefuse(db, key, rule);
  return rules.map(([key]) => key);
}

/**
 * docs/decisions/018: block the (account, address) pair, slow the account down, never lock it.
 * Every refusal offers the e-mailed sign-in link (SIGN_IN_LIMITED), which these limits do not count.
 */
async function applySignInLimits(db: Db, ip: string, email: string | undefined): Promise<string[]> {
  if (!email) {
    await consumeOrRefuse(db, `sign-in:ip:${ip}`, signInLimits.perIp, "SIGN_IN_LIMITED");
    return [`sign-in:ip:${ip}`];
  }
  const keys = [`sign-in:pair:${email}:${ip}`];
  await consumeOrRefuse(db, keys[0] as string, signInLimits.perPair, "SIGN_IN_LIMITED");
  if (await isActive(db, knownAddressKey(email, ip))) return keys;
  keys.push(`sign-in:ip:${ip}`, `sign-in:account:${email}`);
  await consumeOrRefuse(db, `sign-in:ip:${ip}`, signInLimits.perIp, "SIGN_IN_LIMITED");
  const account = await consume(db, `sign-in:account:${email}`, signInLimits.perAccount);
  if (!account.allowed) await consumeOrRefuse(db, `sign-in:pace:${email}`, signInLimits.accountPace, "SIGN_IN_LIMITED");
  return keys;
}

async function consumeOrRefuse(
  db: Db,
  key: string,
  rule: LimitRule,
  code: "TOO_MANY_REQUESTS" | "SIGN_IN_LIMITED" = "TOO_MANY_REQUESTS",
): Promise<void> {
  const result = await consume(db, key, rule);
  if (!result.allowed) {
    const message = code === "SIGN_IN_LIMITED" ? serverMessages.signInLimited : serverMessages.tooManyAttempts;
    throw new AppError(code, message, { retryAfterSeconds: result.retryAfterSeconds });
  }
}
