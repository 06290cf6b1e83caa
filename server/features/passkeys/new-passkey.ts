/** Checks a new passkey's attestation against its challenge: shared by Configurações and /ativar. */
import { verifyRegistrationResponse } from "@simplewebauthn/server";
import { passkeyMessages } from "#core/passkey-messages.ts";
import type { RegistrationResponse } from "#core/schemas/passkeys.ts";
import { AppError } from "#server/errors.ts";
import type { relyingParty } from "./webauthn.ts";

/** The columns of the passkey row, or 400 'Não conseguimos confirmar…' (a malformed answer is a 4xx too). */
export async function verifyNewPasskey(
  rp: ReturnType<typeof relyingParty>,
  challenge: string,
  response: RegistrationResponse,
) {
  const verified = await verifyRegistrationResponse({
    response: response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError("BAD_REQUEST", passkeyMessages.rejected);
  const { credential } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}
