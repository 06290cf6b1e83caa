/**
 * The companies' SSO client secrets at rest: AES-256-GCM under
 * SSO_ENCRYPTION_KEY (docs/decisions/047), a fresh 12-byte IV each time, the
 * company's id as associated data (a ciphertext copied to another company's
 * row does not open). Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/** Without SSO_ENCRYPTION_KEY (the API tests): a key derived from the app secret. main.ts always passes one. */
export function ssoKeyFromSecret(secret: string): Buffer {
  return createHmac("sha256", secret).update("sereno:sso-secrets:v1").digest();
}

export function sealSecret(key: Buffer, companyId: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(companyId));
  const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Throws when the value was not sealed under this key for this company. */
export function openSecret(key: Buffer, companyId: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !tag || sealed === undefined) throw new Error("unknown sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(companyId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
}
