/**
 * The keyed noise of the disclosure layer (docs/decisions/014 and 040): every
 * draw comes from an HMAC of a label under a key derived from the app secret,
 * so the same figure always gets the same draw and nobody without the key can
 * predict it.
 */
import { createHmac } from "node:crypto";

/** The key of the noise draws, derived from the app secret: every process on one database draws the same. */
export function privacyKeyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("sereno:privacy-noise:v1").digest();
}

/**
 * Discrete Laplace (two-sided geometric) noise, P(z) ∝ q^|z| with
 * q = exp(−ε/Δ), drawn from an HMAC of the label.
 */
export function discreteLaplace(key: Buffer, label: string, epsilon: number, sensitivity: number): number {
  const digest = createHmac("sha256", key).update(label).digest();
  const logQ = -epsilon / sensitivity;
  // Two independent uniforms in (0, 1) from 48 bits each; a geometric count of failures from each.
  const geometric = (offset: number) => Math.floor(Math.log((digest.readUIntBE(offset, 6) + 0.5) / 2 ** 48) / logQ);
  return geometric(0) - geometric(6);
}
