/**
 * Sessions for ways in that better-auth does not know: a passkey, a
 * finished activation (docs/decisions/045), a recovery (055) and the
 * company's single sign-on (047). Our routes verify the person; these
 * server-only endpoints then create the session and its cookie as
 * better-auth's own sign-ins do, so the session hooks of auth.ts (who may
 * have access, the Registro de acessos) apply to them too.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/** better-auth's path of each way in; audit/sign-in-events.ts names the method by it. */
export const PASSKEY_SIGN_IN_PATH = "/passkey/sign-in";
export const ACTIVATION_SIGN_IN_PATH = "/activation/sign-in";
/** A recovery code and a new passkey (docs/decisions/055). */
export const RECOVERY_SIGN_IN_PATH = "/recovery/sign-in";
/** The company's identity provider vouched for the person (docs/decisions/047). */
export const SSO_SIGN_IN_PATH = "/sso/sign-in";

function signInEndpoint(path: string) {
  return createAuthEndpoint(
    path,
    { method: "POST", body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
    async (ctx) => {
      const found = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
      if (!found) throw new APIError("UNAUTHORIZED", { code: "USER_NOT_FOUND" });
      // The session hooks run here: a person without access is refused (ACCESS_ENDED).
      const session = await ctx.context.internalAdapter.createSession(found.id);
      await setSessionCookie(ctx, { session, user: found });
      return ctx.json({ ok: true });
    },
  );
}

export function serverSignIn() {
  return {
    id: "sereno-server-sign-in",
    endpoints: {
      signInWithPasskey: signInEndpoint(PASSKEY_SIGN_IN_PATH),
      signInAfterActivation: signInEndpoint(ACTIVATION_SIGN_IN_PATH),
      signInAfterRecovery: signInEndpoint(RECOVERY_SIGN_IN_PATH),
      signInWithSso: signInEndpoint(SSO_SIGN_IN_PATH),
    },
  } satisfies BetterAuthPlugin;
}
