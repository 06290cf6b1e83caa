/**
 * 'Excluir minha conta' (docs/decisions/015): with the password, at once;
 * for an account without one (Google only), an e-mailed single-use link that
 * POST /api/me/delete/confirm redeems. Either way every session ends and a
 * confirmation e-mail (no health data) goes out after the commit.
 */
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { privacyMessages } from "#core/privacy-messages.ts";
import {
  confirmDeletionInputSchema,
  deleteAccountInputSchema,
  deleteAccountResultSchema,
} from "#core/schemas/privacy-rights.ts";
import { serverMessages } from "#core/server-messages.ts";
import { account } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, consume, publicAccess, refund, signedIn, signInLimits } from "#server/features/auth/index.ts";
import { accountDeletedMail, accountDeletionLinkMail } from "#server/mail/account-mails.ts";
import { consumeDeletionToken, createDeletionToken, deleteAccount } from "./delete-account.ts";

/** The session cookies better-auth set, expired (the sessions themselves are gone with the user). */
function clearSessionCookies(reply: FastifyReply) {
  const expired = "Path=/; Max-Age=0; HttpOnly; SameSite=Lax";
  reply.header("set-cookie", [`sereno.session_token=; ${expired}`, `sereno.session_data=; ${expired}`]);
}

export async function accountDeletionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, mailer } = app.deps;

  async function eraseAndConfirm(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const deleted = await deleteAccount(db, userId);
    clearSessionCookies(reply);
    await mailer
      .send(accountDeletedMail(deleted.email, deleted.name))
      .catch((error) => request.log.error({ err: error }, "account deletion mail failed"));
    return { status: "deleted" as const, message: privacyMessages.accountDeleted };
  }

  app.post(
    "/api/me/delete",
    {
      config: { access: signedIn },
      schema: {
        tags: ["privacidade"],
        summary: "Exclui a própria conta (com a senha) ou envia o link de confirmação (conta só com Google)",
        body: deleteAccountInputSchema,
        response: { 200: deleteAccountResultSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      const [credential] = await db
        .select({ hash: account.password })
        .from(account)
        .where(and(eq(account.userId, viewer.userId), eq(account.providerId, "credential")));
      if (!credential?.hash) {
        const token = await createDeletionToken(db, viewer.userId);
        const url = `${env.APP_URL}/excluir-conta?token=${encodeURIComponent(token)}`;
        await mailer.send(accountDeletionLinkMail(viewer.email, viewer.name, url));
        return { status: "link-sent" as const, message: serverMessages.accountDeleteLinkSent };
      }
      const { password } = request.body;
      if (!password) {
        throw new AppError("VALIDATION", privacyMessages.accountDeletePasswordRequired, { field: "password" });
      }
      // The same per-account limit as signing in: this form must not become a way to guess passwords.
      const key = `delete:${viewer.userId}`;
      const limit = await consume(db, key, signInLimits.perPair);
      if (!limit.allowed) {
        throw new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyAttempts, {
          retryAfterSeconds: limit.retryAfterSeconds,
        });
      }
      if (!(await verifyPassword({ hash: credential.hash, password }))) {
        throw new AppError("BAD_REQUEST", serverMessages.accountDeletePasswordWrong, { field: "password" });
      }
      await refund(db, key);
      return eraseAndConfirm(request, reply, viewer.userId);
    },
  );

  app.post(
    "/api/me/delete/confirm",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["privacidade"],
        summary: "Confirma a exclusão da conta pelo link enviado por e-mail",
        body: confirmDeletionInputSchema,
        response: { 200: deleteAccountResultSchema },
      },
    },
    async (request, reply) => {
      const userId = await consumeDeletionToken(db, request.body.token);
      if (!userId) throw new AppError("NOT_FOUND", privacyMessages.accountDeleteLinkInvalid);
      return eraseAndConfirm(request, reply, userId);
    },
  );
}
