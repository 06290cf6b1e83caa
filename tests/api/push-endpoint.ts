/**
 * A local Web Push service for tests (docs/decisions/027): an https server
 * that plays the push service AND the browser. It hands out subscriptions
 * (an endpoint plus a P-256 key pair and auth secret, as a browser makes
 * them), checks each message's VAPID JWT (RFC 8292) and decrypts its
 * aes128gcm body (RFC 8291, RFC 8188) with the subscription's private key,
 * written here with node:crypto alone, so the product's library is checked
 * against the RFCs, not against itself.
 */
import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

type ReceivedPush = {
  subscriptionId: string;
  payload: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** The claims of the VAPID JWT, once its ES256 signature was verified against `k`. */
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
};

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188 §2: one record, as web push always sends. */
function decryptAes128gcm(body: Buffer, receiverPrivate: Buffer, receiverPublic: Buffer, authSecret: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(receiverPrivate);
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverPublic, senderPublic]);
  const ikm = hmac(hmac(authSecret, sharedSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("not a final record (no 0x02 delimiter)");
  return padded.subarray(0, end);
}

/** RFC 8292 §2: `vapid t=<JWT>, k=<public key>`, ES256 signature over header.payload. */
function verifyVapid(authorization: string | undefined) {
  const match = authorization?.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match) throw new Error(`bad Authorization header: ${authorization}`);
  const [, token = "", publicKey = ""] = match;
  const [header = "", claims = "", signature = ""] = token.split(".");
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
  });
  const isValid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!isValid) throw new Error("VAPID signature does not verify");
  return { claims: JSON.parse(Buffer.from(claims, "base64url").toString("utf8")), publicKey };
}

/** A self-signed certificate for 127.0.0.1 (openssl), and the CA list that trusts it. */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), "push-endpoint-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushEndpoint() {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  /** Endpoints that answer 410 Gone, as a push service does for a browser that unsubscribed. */
  const gone = new Set<string>();
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = request.url?.split("/").pop() ?? "";
      const browser = browsers.get(id);
      if (!browser || gone.has(id)) {
        response.writeHead(410).end();
        return;
      }
      try {
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const vapid = verifyVapid(request.headers.authorization);
        const plain = decryptAes128gcm(Buffer.concat(chunks), browser.privateKey, browser.publicKey, browser.auth);
        received.push({
          subscriptionId: id,
          payload: JSON.parse(plain.toString("utf8")),
          headers: request.headers,
          claims: vapid.claims,
          vapidPublicKey: vapid.publicKey,
        });
        response.writeHead(201).end();
      } catch (error) {
        errors.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // web-push calls https.request without an agent: trust this certificate in the global agent.
  const previousCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  return {
    origin,
    received,
    errors,
    /** A browser's subscription, as `PushSubscription.toJSON()` gives it. */
    subscribe() {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const id = randomBytes(8).toString("hex");
      const auth = randomBytes(16);
      browsers.set(id, { privateKey: ecdh.getPrivateKey(), publicKey, auth });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
        },
      };
    },
    unsubscribeBrowser(id: string) {
      gone.add(id);
    },
    close: () =>
      new Promise<void>((resolve) => {
        https.globalAgent.options.ca = previousCa;
        server.close(() => resolve());
      }),
  };
}
