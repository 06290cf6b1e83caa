/**
 * The admin's side of care (docs/decisions/025): invite, verify and suspend
 * psychologists, set each company's sessions per cycle (from the end of the
 * cycle in force, docs/decisions/039) and late-cancellation rule, and count the psychologists by status. No
 * count of appointments: the admin reads care per company and closed month, as the manager does.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cycleEnd, cycleStart, ruleChangeDay, verificationExpiresAt } from "#core/care.ts";
import { fileTooLargeMessage, messages } from "#core/messages.ts";
import {
  adminPsychologistSchema,
  careSettingsInputSchema,
  companyCareRuleSchema,
  psychologistInputSchema,
  psychologistProfileSchema,
} from "#core/schemas/care.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { careSettings, companies, psychologists } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/audit.ts";
import { admin, callerOf } from "#server/features/auth/access.ts";
import { createPsychologistInvite } from "#server/features/invites/invites.ts";
import { sniffUpload, UploadRejected } from "#server/storage/sniff.ts";
import { newKey } from "#server/storage/storage.ts";
import { registerUploads } from "#server/uploads.ts";
import { careRuleOf } from "./credits.ts";

const idParams = z.object({ id: z.uuid({ error: messages.psychologistNotFound }) });
const companyParams = z.object({ id: z.uuid({ error: messages.companyIdMissing }) });

function toAdminPsychologist(row: typeof psychologists.$inferSelect) {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    crpNumber: row.crpNumber,
    crpUf: row.crpUf,
    epsiConfirmedOn: row.epsiConfirmedOn,
    status: row.status,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationExpiresAt: row.verifiedAt ? verificationExpiresAt(row.verifiedAt).toISOString() : null,
    hasAccount: row.userId !== null,
    photoUrl: row.photoUrl,
    approaches: row.approaches,
    specialties: row.specialties,
    languages: row.languages,
    online: row.online,
    inPersonCity: row.inPersonCity,
    bio: row.bio,
  };
}

export async function careAdminRoutes(fastify: FastifyInstance) {
  // These routes take files (psychologists' photos): the multipart parser is theirs alone (server/uploads.ts).
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, env, now, storage } = app.deps;
  const photoMaxBytes = env.UPLOAD_MAX_IMAGE_MB * 1024 * 1024;

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
        if (!row) throw new AppError("NOT_FOUND", messages.psychologistNotFound);
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
      if (!row) throw new AppError("NOT_FOUND", messages.psychologistNotFound);
      await writeAudit(db, viewer, "psychologist.update", { type: "psychologist", id: row.id });
      return toAdminPsychologist(row);
    },
  );

  app.put(
    "/api/admin/psychologists/:id/photo",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary:
          "Envia a foto do(a) psicólogo(a) (multipart, campo 'photo': PNG, JPEG, WebP ou GIF); substitui a anterior",
        params: idParams,
        consumes: ["multipart/form-data"],
        response: { 200: adminPsychologistSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const [current] = await db.select().from(psychologists).where(eq(psychologists.id, request.params.id));
      if (!current) throw new AppError("NOT_FOUND", messages.psychologistNotFound);
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", messages.invalidInput);
      const file = await request.file({ limits: { fileSize: photoMaxBytes + 1, files: 1, fields: 0 } });
      if (file?.fieldname !== "photo") {
        file?.file.resume();
        throw new AppError("VALIDATION", serverMessages.photoRequired, { field: "photo" });
      }
      if (!(await storage.check())) {
        file.file.resume();
        throw new AppError("SERVICE_UNAVAILABLE", messages.storageUnavailable);
      }
      let key: string;
      try {
        const { signature, body } = await sniffUpload(file.file, "image", photoMaxBytes);
        key = newKey("photos", signature.extension);
        await storage.put(key, body, signature.mime);
      } catch (error) {
        if (!(error instanceof UploadRejected)) throw error;
        if (error.reason === "size")
          throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage("imagem", env.UPLOAD_MAX_IMAGE_MB));
        if (error.reason === "dimensions")
          throw new AppError("VALIDATION", serverMessages.imageDimensionsTooLarge, { field: "photo" });
        throw new AppError("UNSUPPORTED_MEDIA", serverMessages.photoTypeInvalid, { field: "photo" });
      }
      // The row moves only when the old key is still the one we read: two uploads at once keep the last, and
      // the loser's file goes instead of staying orphaned.
      const [row] = await db
        .update(psychologists)
        .set({ photoUrl: storage.publicUrl(key), photoKey: key })
        .where(
          and(
            eq(psychologists.id, current.id),
            current.photoKey ? eq(psychologists.photoKey, current.photoKey) : sql`${psychologists.photoKey} is null`,
          ),
        )
        .returning();
      const removeQuietly = (stale: string) =>
        storage.remove(stale).catch((err: unknown) => request.log.error({ err, key: stale }, "photo removal failed"));
      if (!row) {
        await removeQuietly(key);
        throw new AppError("CONFLICT", serverMessages.photoChangedMeanwhile);
      }
      if (current.photoKey) await removeQuietly(current.photoKey);
      await writeAudit(db, viewer, "psychologist.photo", { type: "psychologist", id: row.id });
      return toAdminPsychologist(row);
    },
  );

  app.delete(
    "/api/admin/psychologists/:id/photo",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary: "Remove a foto do(a) psicólogo(a): o diretório mostra um marcador neutro",
        params: idParams,
        response: { 200: adminPsychologistSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const [current] = await db.select().from(psychologists).where(eq(psychologists.id, request.params.id));
      if (!current) throw new AppError("NOT_FOUND", messages.psychologistNotFound);
      const [row] = await db
        .update(psychologists)
        .set({ photoUrl: null, photoKey: null })
        .where(eq(psychologists.id, current.id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", messages.psychologistNotFound);
      if (current.photoKey)
        await storage
          .remove(current.photoKey)
          .catch((err: unknown) => request.log.error({ err, key: current.photoKey }, "photo removal failed"));
      await writeAudit(db, viewer, "psychologist.photo-remove", { type: "psychologist", id: row.id });
      return toAdminPsychologist(row);
    },
  );

  /** What the admin reads of a company's rule at `at`: in force, its cycle, and what is pending. */
  async function ruleView(tx: Db, companyId: string, at: Date) {
    const rule = await careRuleOf(tx, companyId, at);
    const start = cycleStart(at, rule.cycle);
    return { ...rule, cycleStart: start, cycleEnd: cycleEnd(start, rule.cycle) };
  }

  app.get(
    "/api/admin/companies/:id/care",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary:
          "As regras de sessões da empresa em vigor (ou o padrão do plano) e a mudança que aguarda o próximo ciclo",
        params: companyParams,
        response: { 200: companyCareRuleSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      return ruleView(db, request.params.id, now());
    },
  );

  app.put(
    "/api/admin/companies/:id/care",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary:
          "Define sessões por pessoa por ciclo (valem a partir do fim do ciclo em vigor) e a regra de cancelamento tardio (vale já)",
        params: companyParams,
        body: careSettingsInputSchema,
        response: { 200: companyCareRuleSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const at = now();
      const input = request.body;
      return db.transaction(async (tx) => {
        // Two changes at once are settled one after the other: each reads the rule the other left.
        const [company] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, request.params.id))
          .for("update");
        if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
        // The rule in force now (a pending change whose day has come included) stays until its cycle ends; the
        // new one waits as the pending change, replacing any earlier one. The same as in force: nothing waits.
        const inForce = await careRuleOf(tx, company.id, at);
        const unchanged = input.sessionsPerCycle === inForce.sessionsPerCycle && input.cycle === inForce.cycle;
        const keep = unchanged || !inForce.isPlanDefault;
        const values = {
          sessionsPerCycle: keep ? inForce.sessionsPerCycle : null,
          cycle: keep ? inForce.cycle : null,
          lateCancelConsumes: input.lateCancelConsumes,
          nextSessionsPerCycle: unchanged ? null : input.sessionsPerCycle,
          nextCycle: unchanged ? null : input.cycle,
          nextFrom: unchanged ? null : ruleChangeDay(at, inForce.cycle, input.cycle),
          updatedAt: at,
        };
        await tx
          .insert(careSettings)
          .values({ companyId: company.id, ...values })
          .onConflictDoUpdate({ target: careSettings.companyId, set: values });
        await writeAudit(tx, viewer, "care.settings", {
          type: "company",
          id: company.id,
          companyId: company.id,
          details: { ...input, from: values.nextFrom },
        });
        return ruleView(tx, company.id, at);
      });
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
