/**
 * The browser a person signed in from before (docs/decisions/062): a random
 * id in an httpOnly cookie, trusted for one account once that account signed
 * in with it. A stranger who knows the address cannot make their own browser
 * trusted for it, so the limits they spend never reach the person's own
 * browser. Stored only as a hash, so reading `rate_limits` forges nothing.
 * The cookie's path is /api, so the passkey and SSO sign-ins, outside
 * /api/auth, read and hand it too (docs/decisions/102).
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";

const DEVICE_COOKIE = "sereno.device";
/** Set by the proxy from the cookie (or a fresh id), so better-auth's hooks know the browser. */
export const DEVICE_HEADER = "x-sereno-device";
const DEVICE_ID = /^[\w-]{22,64}$/;
const DEVICE_COOKIE_DAYS = 400;

/** The browser's id from its cookie, or a fresh one (`isNew`: the reply must set the cookie). */
export function deviceOf(request: FastifyRequest): { id: string; isNew: boolean } {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === DEVICE_COOKIE && value && DEVICE_ID.test(value)) return { id: value, isNew: false };
  }
  return { id: randomBytes(24).toString("base64url"), isNew: true };
}

export function deviceCookie(id: string, https: boolean): string {
  const maxAge = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
  return `${DEVICE_COOKIE}=${id}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${https ? "; Secure" : ""}`;
}

/** The key of 'this browser signed in to this account before'. */
export function trustedDeviceKey(email: string, deviceId: string): string {
  return `sign-in:device:${email}:${createHash("sha256").update(deviceId).digest("base64url")}`;
}
