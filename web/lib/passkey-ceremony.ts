/**
 * The browser's side of a passkey (docs/decisions/045), shared by /login,
 * Configurações and /ativar. @simplewebauthn/browser loads with the first
 * ceremony, not with the page. A refusal by the person or the browser becomes
 * a pt-BR message (PasskeyCancelled), never the browser's English text.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { ApiError } from "#web/lib/api.ts";

class PasskeyCancelled extends Error {}

/**
 * What a failed ceremony tells the person: the browser's refusal in pt-BR, or the server's own message; `fallback`
 * for a server error or anything unforeseen.
 */
export function ceremonyFailure(error: unknown, fallback: string): string {
  if (error instanceof PasskeyCancelled) return error.message;
  if (error instanceof ApiError && (error.isNetwork || error.status < 500)) return error.message;
  return fallback;
}

function refusal(error: unknown): Error {
  // NotAllowedError: the person closed the prompt, or it timed out; InvalidStateError: the key exists already.
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError") return new PasskeyCancelled(passkeyMessages.cancelled);
  if (name === "InvalidStateError") return new PasskeyCancelled(passkeyMessages.alreadyRegistered);
  return new PasskeyCancelled(passkeyMessages.rejected);
}

export function canUsePasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

export async function makePasskey(options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  if (!canUsePasskeys()) throw new PasskeyCancelled(passkeyMessages.unsupported);
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw refusal(error);
  }
}

export async function signWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  if (!canUsePasskeys()) throw new PasskeyCancelled(passkeyMessages.unsupported);
  const { startAuthentication } = await import("@simplewebauthn/browser");
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw refusal(error);
  }
}
