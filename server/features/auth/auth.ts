/**
 * better-auth, configured for Sereno: e-mail and password, Google for existing
 * accounts only, no sign-up (accounts come from invitations), recovery mail,
 * a one-time sign-in link by e-mail, cookie sessions for the browser and bearer tokens for API clients. Edit
 * when an auth behaviour changes; the HTTP side is in auth.routes.ts.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { bearer, magicLink } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#core/passwords.ts";
import { newPasswordSchema } from "#core/schemas/auth.ts";
import type { Db } from "#server/db/client.ts";
import * as schema from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import { loggableError } from "#server/logger.ts";
import { passwordResetMail } from "#server/mail/account-mails.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { PASSKEY_SIGN_IN_PATH, SSO_SIGN_IN_PATH, serverSignIn } from "./server-sign-in.ts";
import { refuseWithoutAccess, rememberLinkAddress, sendSignInLink } from "./sign-in-access.ts";
import { DEVICE_HEADER } from "./sign-in-device.ts";

/** The sign-ins besides the password's that make the browser trusted for the account. */
const TRUSTING_SIGN_INS = new Set(["/magic-link/verify", PASSKEY_SIGN_IN_PATH, SSO_SIGN_IN_PATH]);

export const SESSION_DAYS = 7;
/** Set by the proxy from the socket address, so clients cannot spoof their IP. */
export const CLIENT_IP_HEADER = "x-sereno-client-ip";

type SessionRow = { id: string; userId: string; ipAddress?: string | null; userAgent?: string | null };

/**
 * Told of each session better-auth creates or deletes, with the path that did it. Auth offers the hook and
 * app.ts hands it audit's Registro de acessos (audit/sign-in-events.ts), so auth imports no feature
 * (docs/decisions/087).
 */
export type SessionEvents = {
  sessionCreated: (session: SessionRow, path: string) => Promise<void>;
  sessionDeleted: (session: SessionRow, path: string) => Promise<void>;
};

export type AuthDeps = {
  db: Db;
  env: Pick<Env, "APP_URL" | "TRUSTED_ORIGINS" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">;
  secret: string;
  mailer: Mailer;
  onBackgroundError: (error: unknown) => void;
  log: FastifyBaseLogger;
  sessionEvents: SessionEvents;
};

export function createAuth({ db, env, secret, mailer, onBackgroundError, log, sessionEvents }: AuthDeps) {
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            // Google only signs in an account that already exists (docs/design.md §5).
            disableSignUp: true,
            disableImplicitSignUp: true,
          },
        }
      : undefined;

  return betterAuth({
    appName: "Sereno",
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: env.TRUSTED_ORIGINS,
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message) => log[level]({ source: "better-auth" }, message),
    },
    // Left to itself, Better Auth prints every refused request (a short or common password, a body that is not
    // JSON) as ERROR through its own console logger, whatever `logger` says. A 4xx is the person's input,
    // answered in pt-BR: only a fault is logged, through ours. The answer sent is the same either way.
    onAPIError: {
      onError: (error) => {
        if (!isAPIError(error) || error.statusCode >= 500)
          log.error({ source: "better-auth", err: loggableError(error) }, "auth error");
      },
    },
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // Counters live in our own table, keyed by IP and e-mail: see rate-limit.ts.
    rateLimit: { enabled: false },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google"], allowDifferentEmails: false },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Reset links are valid 30 minutes (docs/decisions/018).
      resetPasswordTokenExpiresIn: 30 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: the answer must not reveal, even by its timing, whether the e-mail exists.
      sendResetPassword: async ({ user, url }) => {
        mailer.send(passwordResetMail(user.email, user.name, url)).catch(onBackgroundError);
      },
    },
    socialProviders: google,
    advanced: {
      cookiePrefix: "sereno",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          // Every way in creates a session here: nobody without access gets one (docs/decisions/009).
          before: async (session) => {
            await refuseWithoutAccess(db, session.userId);
          },
          after: async (session, ctx) => {
            // A link, a passkey or the company's SSO proves the person as a password does: the address and the
            // browser count as known (docs/decisions/062, 102); the password's are remembered in auth.routes.ts.
            if (ctx?.path && TRUSTING_SIGN_INS.has(ctx.path)) {
              const deviceId = ctx.headers?.get(DEVICE_HEADER);
              await rememberLinkAddress(db, session.userId, session.ipAddress, deviceId);
            }
            // Sign-ins go to the Registro de acessos (docs/decisions/032).
            await sessionEvents.sessionCreated(session, ctx?.path ?? "");
          },
        },
        delete: {
          after: async (session, ctx) => {
            await sessionEvents.sessionDeleted(session, ctx?.path ?? "");
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/reset-password" && ctx.path !== "/change-password") return;
        const result = newPasswordSchema.safeParse(ctx.body?.newPassword);
        if (!result.success) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_REJECTED",
            message: result.error.issues[0]?.message ?? "",
          });
        }
      }),
    },
    plugins: [
      bearer(),
      // Passkeys and /ativar verify the person in our routes, then sign in here (docs/decisions/045).
      serverSignIn(),
      // Offered when the sign-in limits refuse a password (docs/decisions/018): single use, 15 minutes, hashed at rest.
      magicLink({
        expiresIn: 15 * 60,
        storeToken: "hashed",
        disableSignUp: true,
        sendMagicLink: async ({ email, token }) => {
          sendSignInLink(db, mailer, env.APP_URL, email, token).catch(onBackgroundError);
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
