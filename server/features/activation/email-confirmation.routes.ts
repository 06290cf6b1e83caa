/**
 * /confirmar-email (docs/decisions/066): the link mailed to a personal e-mail
 * given at /ativar. Opening it makes the address the account's; no session is
 * needed, the token proves the mailbox. A link past its 24 hours sends a fresh
 * one to the same address, so a person who only has e-mail and password is
 * never left without a way to confirm.
 */
import { and, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { passkeyMessages } from "#core/passkey-messages.ts";
import {
  emailConfirmationInputSchema,
  emailConfirmationMessages,
  emailConfirmedSchema,
} from "#core/schemas/email-confirmation.ts";
import { emailConfirmations, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { publicAccess } from "#server/features/auth/index.ts";
import { hashConfirmationToken, sendConfirmationLink, startEmailConfirmation } from "./email-confirmation.ts";

type Outcome =
  | { kind: "confirmed" }
  | { kind: "used" }
  | { kind: "taken" }
  | { kind: "renewed"; to: string; name: string; token: string };

export async function emailConfirmationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now, mailer } = app.deps;

  app.post(
    "/api/email-confirmations",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["ativação"],
        summary: "Confirma o e-mail pessoal informado na ativação, pelo link enviado a ele (público)",
        body: emailConfirmationInputSchema,
        response: { 200: emailConfirmedSchema },
      },
    },
    async (request) => {
      const outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const [pending] = await tx
          .select({ confirmation: emailConfirmations, name: user.name })
          .from(emailConfirmations)
          .innerJoin(user, eq(user.id, emailConfirmations.userId))
          .where(eq(emailConfirmations.tokenHash, hashConfirmationToken(request.body.token)))
          .for("update", { of: emailConfirmations });
        if (!pending) return { kind: "used" };
        const { confirmation } = pending;
        const at = now();
        if (confirmation.expiresAt <= at) {
          const token = await startEmailConfirmation(tx, {
            userId: confirmation.userId,
            email: confirmation.email,
            now: at,
          });
          return { kind: "renewed", to: confirmation.email, name: pending.name, token };
        }
        // Single use, whatever comes next.
        await tx.delete(emailConfirmations).where(eq(emailConfirmations.id, confirmation.id));
        // Someone else may have taken the address since it was given: refused without saying whose.
        const [taken] = await tx
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.email, confirmation.email), ne(user.id, confirmation.userId)));
        if (taken) return { kind: "taken" };
        await tx
          .update(user)
          .set({ email: confirmation.email, emailVerified: true, updatedAt: at })
          .where(eq(user.id, confirmation.userId));
        await writeAudit(tx, { userId: confirmation.userId, email: confirmation.email }, "account.email-confirm", {
          type: "user",
          id: confirmation.userId,
        });
        return { kind: "confirmed" };
      });
      if (outcome.kind === "used") throw new AppError("BAD_REQUEST", emailConfirmationMessages.used);
      if (outcome.kind === "taken") throw new AppError("CONFLICT", passkeyMessages.emailTaken);
      if (outcome.kind === "renewed") {
        sendConfirmationLink(mailer, env.APP_URL, outcome, () => request.log.error("e-mail confirmation mail failed"));
        throw new AppError("BAD_REQUEST", emailConfirmationMessages.renewed);
      }
      return { message: emailConfirmationMessages.confirmed };
    },
  );
}
