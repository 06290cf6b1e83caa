/**
 * Sign-ins, failed sign-ins and sign-outs in the Registro de acessos
 * (docs/decisions/032). A sign-in is a session better-auth creates, whatever
 * the way in (password, Google, a link), so it is caught where sessions are
 * created (databaseHooks, wired in auth.ts); a failed sign-in is caught
 * around the HTTP call (auth.routes.ts), which also knows the request's log.
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { deviceLabel } from "#core/device-label.ts";
import type { Db } from "#server/db/client.ts";
import { user } from "#server/db/schema/index.ts";
import type { SessionEvents } from "#server/features/auth/index.ts";
import {
  ACTIVATION_SIGN_IN_PATH,
  PASSKEY_SIGN_IN_PATH,
  RECOVERY_SIGN_IN_PATH,
  SSO_SIGN_IN_PATH,
} from "#server/features/auth/index.ts";
import { loggableError } from "#server/logger.ts";
import { recordAccessEvent, recordRepeatedAccessEvent, UNKNOWN_ACCOUNT } from "./access-events.ts";

/** How the person came in, by better-auth's path. */
const methodByPath: Record<string, string> = {
  "/sign-in/email": "password",
  "/callback/:id": "google",
  "/magic-link/verify": "link",
  [PASSKEY_SIGN_IN_PATH]: "passkey",
  [ACTIVATION_SIGN_IN_PATH]: "activation",
  [RECOVERY_SIGN_IN_PATH]: "recovery",
  [SSO_SIGN_IN_PATH]: "sso",
};

async function emailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

/**
 * For better-auth's databaseHooks (auth.ts): a session created is a sign-in (except the
 * replacement a password change makes), a session deleted by /sign-out is a
 * sign-out. An entry that cannot be written is logged, never a failed sign-in.
 */
export function signInEventHooks(db: Db, log: FastifyBaseLogger): SessionEvents {
  async function record(
    action: "auth.sign-in" | "auth.sign-out",
    session: Parameters<SessionEvents["sessionCreated"]>[0],
    path: string,
  ) {
    try {
      const email = await emailOf(db, session.userId);
      if (!email) return;
      const method = methodByPath[path];
      await recordAccessEvent(db, {
        actor: { userId: session.userId, email },
        action,
        target: { type: "session", id: session.id },
        details: {
          ip: session.ipAddress ?? null,
          device: deviceLabel(session.userAgent),
          ...(action === "auth.sign-in" && method ? { method } : {}),
        },
      });
    } catch (error) {
      log.error({ err: loggableError(error) }, "access event not recorded");
    }
  }
  return {
    sessionCreated: async (session, path) => {
      if (path !== "/change-password") await record("auth.sign-in", session, path);
    },
    sessionDeleted: async (session, path) => {
      if (path === "/sign-out") await record("auth.sign-out", session, path);
    },
  };
}

/**
 * A refused e-mail-and-password sign-in: one log line naming the account by
 * its id (never the e-mail: server/logger.ts) and the client address, and an
 * entry in the trail, repeats from one address counted on one row.
 */
export async function recordFailedSignIn(request: FastifyRequest, email: string | undefined): Promise<void> {
  const { db } = request.server.deps;
  try {
    // Accounts are stored with their e-mail in lower case (accounts.ts), as emailFromBody reads it.
    const [account] = email
      ? await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email))
      : [];
    request.log.warn(
      { userId: account?.id ?? null, account: account ? "known" : "unknown", ip: request.ip },
      "sign-in failed",
    );
    await recordRepeatedAccessEvent(db, {
      actor: account ? { userId: account.id, email: account.email } : { userId: null, email: UNKNOWN_ACCOUNT },
      action: "auth.sign-in-failed",
      target: { type: "account", id: account?.id ?? null },
      details: { ip: request.ip, device: deviceLabel(request.headers["user-agent"]) },
    });
  } catch (error) {
    request.log.error({ err: loggableError(error) }, "access event not recorded");
  }
}
