/**
 * Web Push by the standard protocol (RFC 8030 delivery, RFC 8291 message
 * encryption, RFC 8292 VAPID), through the `web-push` library
 * (docs/decisions/027). The VAPID key pair is made on first start and kept
 * in DATA_DIR, like the auth secret: every process of an install signs with
 * the same key, so subscriptions survive restarts. A push service answering
 * 404 or 410 means that browser unsubscribed: its row is deleted.
 */
import { createECDH } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { pushSubscriptions } from "#server/db/schema/index.ts";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** What the service worker shows (web/service-worker/sw.ts): never health data. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

const KEY_FILE = "vapid-keys.json";
/** How long a push service keeps a message for an offline browser; a reminder is stale after that. */
const REMINDER_TTL_SECONDS = 4 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

/** The VAPID contact: the sender address of the install's e-mails (`Sereno <x@y>` → mailto:x@y). */
function subjectFrom(mailFrom: string): string {
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * A VAPID key pair as web-push's generateVAPIDKeys makes it (P-256, raw
 * points, base64url, zero-padded to 65 and 32 bytes), with node:crypto: the
 * library itself loads only when a push is sent, not on every start
 * (docs/decisions/021).
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const padded = (bytes: Buffer, length: number) => Buffer.concat([Buffer.alloc(length - bytes.length), bytes]);
  return {
    publicKey: padded(curve.getPublicKey(), 65).toString("base64url"),
    privateKey: padded(curve.getPrivateKey(), 32).toString("base64url"),
  };
}

/** The key pair in DATA_DIR/vapid-keys.json, made on first start; a process that loses the race reads the winner's. */
export function loadVapidKeys(env: { DATA_DIR: string; MAIL_FROM: string }): VapidKeys {
  const file = path.join(env.DATA_DIR, KEY_FILE);
  const subject = subjectFrom(env.MAIL_FROM);
  if (!existsSync(file)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    const keys = generateVapidKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const { publicKey, privateKey } = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}

/** Sends one message to every browser the person subscribed; a gone browser is forgotten. Never throws. */
export async function pushToUser(
  db: Db,
  vapid: VapidKeys,
  userId: string,
  message: PushMessage,
): Promise<{ delivered: number; removed: number; failed: number }> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (rows.length === 0) return { delivered: 0, removed: 0, failed: 0 };
  const { default: webPush } = await import("web-push");
  let delivered = 0;
  let removed = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await webPush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: REMINDER_TTL_SECONDS,
          urgency: "normal",
          topic: message.tag,
          contentEncoding: "aes128gcm",
          timeout: SEND_TIMEOUT_MS,
        },
      );
      delivered += 1;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
        removed += 1;
      } else failed += 1;
    }
  }
  return { delivered, removed, failed };
}
