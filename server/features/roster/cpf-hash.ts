/**
 * A CPF is stored as an HMAC under a key derived from the app secret, as the
 * privacy key is (disclosure/noise.ts): the same CPF gives the same hash in
 * every process on one database, and a leaked table cannot be reversed by
 * hashing the billion possible CPFs without the key. Never log the digits.
 */
import { createHmac } from "node:crypto";

export function cpfKeyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("sereno:roster-cpf:v1").digest();
}

/** `cpf`: the 11 digits (core/cpf.ts normalizeCpf). */
export function hashCpf(key: Buffer, cpf: string): string {
  return createHmac("sha256", key).update(cpf).digest("base64url");
}
