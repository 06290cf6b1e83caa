/**
 * Unsubscribe links that work without signing in (docs/decisions/019): the
 * token is an HMAC of (list, user id) under a key derived from the app
 * secret, so no table holds them and a link never expires; it can only turn
 * one list off for one person.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { UnsubscribeList } from "#core/schemas/notifications.ts";

export function unsubscribeKeyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("sereno:unsubscribe:v1").digest();
}

function unsubscribeToken(key: Buffer, list: UnsubscribeList, userId: string): string {
  return createHmac("sha256", key).update(`${list}|${userId}`).digest("base64url");
}

export function isUnsubscribeTokenValid(key: Buffer, list: UnsubscribeList, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(key, list, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The page a person opens from the e-mail, and the URL mail clients POST to (RFC 8058). */
export function unsubscribeUrls(appUrl: string, key: Buffer, list: UnsubscribeList, userId: string) {
  const query = new URLSearchParams({ lista: list, u: userId, t: unsubscribeToken(key, list, userId) }).toString();
  return { pageUrl: `${appUrl}/descadastrar?${query}`, oneClickUrl: `${appUrl}/api/unsubscribe?${query}` };
}
