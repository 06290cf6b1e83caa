/**
 * A passkey authenticator in software, for API tests (docs/decisions/045): a
 * real ES256 key pair per credential, real authenticator data, a 'none'
 * attestation in CBOR and DER signatures, so the server's
 * @simplewebauthn/server verification runs exactly as with a phone.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { isoCBOR } from "@simplewebauthn/server/helpers";

type Credential = { id: Buffer; privateKey: KeyObject; userHandle: string; counter: number };

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const uint32 = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(n);
  return bytes;
};

/**
 * A P-256 public key as COSE (ES256), the form the authenticator data carries and `passkeys.public_key` keeps
 * (base64url). Also used by tests/e2e/support/server.ts to seed a passkey whose private key the browser holds.
 */
export function coseP256(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, "base64url")],
      [-3, Buffer.from(jwk.y as string, "base64url")],
    ]),
  );
}

export function softwareAuthenticator(origin: string) {
  const rpIdHash = sha256(new URL(origin).hostname);
  const credentials: Credential[] = [];

  function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, at = origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  }

  return {
    credentials,
    /** navigator.credentials.create(): a new resident credential for the options' user. */
    create(options: PublicKeyCredentialCreationOptionsJSON, at = origin) {
      const id = randomBytes(16);
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const cose = coseP256(publicKey);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      // Flags: user present, user verified, attested credential data.
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x45]), uint32(0), Buffer.alloc(16), idLength, id, cose]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authData],
        ]),
      );
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64u(clientData("webauthn.create", options.challenge, at)),
          attestationObject: b64u(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** navigator.credentials.get(): signs the challenge with `credential` (default: the last one made). */
    get(options: PublicKeyCredentialRequestOptionsJSON, credential = credentials.at(-1)) {
      if (!credential) throw new Error("no credential");
      credential.counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), uint32(credential.counter)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64u(credential.id),
        rawId: b64u(credential.id),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64u(clientDataJSON),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
