/**
 * The admin's side of care (docs/decisions/025): invite, verify, suspend and correct psychologists, and count
 * them by status. No count of appointments: the admin reads care per company and closed month, as the manager
 * does. Their photos are in psychologist-photo.routes.ts, each company's rule in company-care-rule.routes.ts.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { careTexts } from "#core/care-messages.ts";
import { adminPsychologistSchema, psychologistInputSchema, psychologistProfileSchema } from "#core/schemas/care.ts";
import { serverMessages } from "#core/server-messages.ts";
import { psychologists } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { createPsychologistInvite } from "#server/features/invites/index.ts";
import { toAdminPsychologist } from "./admin-psychologist.ts";

const idParams = z.object({ id: z.uuid({ error: careTexts.psychologistNotFound }) });

export async function careAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, now } = app.deps;

  app.get(
    "/api/admin/psychologists",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary: "Psicólogos(as) da plataforma, com situação da verificação",
        response: { 200: z.array(adminPsychologistSchema) },
      },
    },
    async (request) => {
      callerOf(request, admin);
      const rows = await db.select().from(psychologists).orderBy(desc(psychologists.createdAt));
      return rows.map(toAdminPsychologist);
    },
  );

  app.post(
    "/api/admin/psychologists",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary: "Cadastra um(a) psicólogo(a) e o(a) convida por e-mail (link /confirm-account)",
        body: psychologistInputSchema,
        response: { 201: adminPsychologistSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const input = request.body;
      const email = input.email.toLowerCase();
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(psychologists)
          .values({ ...input, email })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError("CONFLICT", serverMessages.psychologistExists);
        await createPsychologistInvite(
          tx,
          { name: input.fullName, email, inviter: { userId: viewer.userId, name: viewer.name } },
          now(),
        );
        await writeAudit(tx, viewer, "psychologist.invite", { type: "psychologist", id: row.id });
        return row;
      });
      jobBell.ring();
      reply.status(201);
      return toAdminPsychologist(created);
    },
  );

  for (const [action, status] of [
    ["verify", "verified"],
    ["suspend", "suspended"],
  ] as const) {
    app.post(
      `/api/admin/psychologists/:id/${action}`,
      {
        config: { access: admin },
        schema: {
          tags: ["cuidado"],
          summary:
            action === "verify"
              ? "Verifica o(a) psicólogo(a) por 12 meses (CRP e e-Psi conferidos)"
              : "Suspende o(a) psicólogo(a): sai do diretório e não recebe agendamentos",
          params: idParams,
          response: { 200: adminPsychologistSchema },
        },
      },
      async (request) => {
        const viewer = callerOf(request, admin);
        const [row] = await db
          .update(psychologists)
          .set(status === "verified" ? { status, verifiedAt: now() } : { status })
          .where(eq(psychologists.id, request.params.id))
          .returning();
        if (!row) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
        await writeAudit(db, viewer, `psychologist.${action}`, { type: "psychologist", id: row.id });
        return toAdminPsychologist(row);
      },
    );
  }

  app.put(
    "/api/admin/psychologists/:id",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary: "Corrige o perfil do(a) psicólogo(a) (tudo menos o e-mail); a verificação não muda",
        params: idParams,
        body: psychologistProfileSchema,
        response: { 200: adminPsychologistSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const [row] = await db
        .update(psychologists)
        .set(request.body)
        .where(eq(psychologists.id, request.params.id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
      await writeAudit(db, viewer, "psychologist.update", { type: "psychologist", id: row.id });
      return toAdminPsychologist(row);
    },
  );

  app.get(
    "/api/admin/care/summary",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary:
          "Psicólogos(as) da plataforma por situação (o uso de cada empresa, por mês encerrado, fica em /api/care/usage)",
        response: {
          200: z.object({
            psychologists: z.object({ pending: z.number(), verified: z.number(), suspended: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      callerOf(request, admin);
      // No live count of appointments: one booking would move it (issue 32). The admin reads care as the
      // manager does, per company and closed month, through the disclosure layer.
      const byStatus = await db
        .select({ status: psychologists.status, n: sql<number>`count(*)::int` })
        .from(psychologists)
        .groupBy(psychologists.status);
      const count = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
      return {
        psychologists: { pending: count("pending"), verified: count("verified"), suspended: count("suspended") },
      };
    },
  );
}
