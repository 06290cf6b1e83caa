/** Public invite endpoints: look an invite up by its token, and accept it with a password. */
import { hashPassword } from "better-auth/crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { inviteMessages } from "#core/invite-messages.ts";
import { acceptInviteInputSchema, inviteDetailsSchema, inviteTokenQuerySchema } from "#core/schemas/invites.ts";
import { serverMessages } from "#core/server-messages.ts";
import { account, consentEvents, invites, profiles, psychologists, session, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { createAccount, publicAccess } from "#server/features/auth/index.ts";
import { linkRosterPerson } from "#server/kernel/link-roster-person.ts";
import { findPendingInvite, hashToken } from "./invites.ts";

export async function inviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/invites/lookup",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["convites"],
        summary: "Os dados de um convite pendente (nome, e-mail, empresa, quem convidou)",
        querystring: inviteTokenQuerySchema,
        response: { 200: inviteDetailsSchema },
      },
    },
    async (request) => {
      const found = await findPendingInvite(db, request.query.token);
      if (!found) throw new AppError("NOT_FOUND", inviteMessages.inviteInvalid);
      const { invite, companyName } = found;
      return {
        name: invite.name,
        email: invite.email,
        companyName,
        managerName: invite.inviterName,
        role: invite.role,
      };
    },
  );

  app.post(
    "/api/invites/accept",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["convites"],
        summary:
          "Aceita o convite com a senha escolhida e o consentimento para dados de bem-estar (não pedido a psicólogos): cria a conta (ou liga uma conta sem empresa)",
        body: acceptInviteInputSchema,
        response: { 201: z.object({ email: z.string() }) },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      // Hashed once, before the transaction: scrypt is slow and must not hold row locks.
      const passwordHash = await hashPassword(password);
      const email = await db.transaction(async (tx) => {
        // Single use: only one request can flip accepted_at.
        const [invite] = await tx
          .update(invites)
          .set({ acceptedAt: sql`now()` })
          .where(
            and(eq(invites.tokenHash, hashToken(token)), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)),
          )
          .returning();
        if (!invite) throw new AppError("NOT_FOUND", inviteMessages.inviteInvalid);
        const isPsychologist = invite.role === "psychologist";
        // Thrown inside the transaction, so the invitation stays unused.
        if (!isPsychologist && request.body.consent !== true)
          throw new AppError("VALIDATION", inviteMessages.consentRequired, { field: "consent" });
        const [existing] = await tx
          .select({ id: user.id, companyId: profiles.companyId, role: profiles.role })
          .from(user)
          .leftJoin(profiles, eq(profiles.userId, user.id))
          .where(eq(user.email, invite.email));
        let userId = existing?.id;
        if (!existing) {
          ({ userId } = await createAccount(
            db,
            {
              email: invite.email,
              name: invite.name,
              password,
              passwordHash,
              role: invite.role,
              companyId: invite.companyId,
              wellbeingConsent: isPsychologist ? undefined : { at: now(), version: WELLBEING_CONSENT_VERSION },
              createdAt: now(),
            },
            tx,
          ));
        } else {
          if (existing.companyId || existing.role === "admin" || existing.role === "psychologist")
            throw new AppError("CONFLICT", serverMessages.alreadyInCompany);
          // A person who left a company and is invited again keeps their account and history.
          await tx
            .update(profiles)
            .set({
              companyId: invite.companyId,
              role: invite.role,
              wellbeingConsentAt: sql`now()`,
              wellbeingConsentVersion: WELLBEING_CONSENT_VERSION,
              updatedAt: sql`now()`,
            })
            .where(eq(profiles.userId, existing.id));
          await tx
            .insert(consentEvents)
            .values({ userId: existing.id, kind: "given", version: WELLBEING_CONSENT_VERSION });
          await tx
            .update(account)
            .set({ password: passwordHash, updatedAt: sql`now()` })
            .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")));
          await tx.delete(session).where(eq(session.userId, existing.id));
        }
        if (invite.role === "psychologist") {
          // The admin's invitation created the profile; accepting gives it its account (docs/decisions/025).
          await tx
            .update(psychologists)
            .set({ userId })
            .where(eq(sql`lower(${psychologists.email})`, invite.email));
        }
        if (invite.companyId && userId) await linkRosterPerson(tx, invite.companyId, userId, { email: invite.email });
        await writeAudit(tx, { userId: null, email: invite.email }, "invite.accept", {
          type: "company",
          id: invite.companyId,
          companyId: invite.companyId,
          details: { role: invite.role },
        });
        return invite.email;
      });
      reply.status(201);
      return { email };
    },
  );
}
