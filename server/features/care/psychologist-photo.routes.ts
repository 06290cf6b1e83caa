/**
 * The admin's psychologist photos (docs/decisions/025): upload and remove the photo the directory shows.
 * These routes take files: the multipart parser is theirs alone (server/uploads.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { careTexts } from "#core/care-messages.ts";
import { fileTooLargeMessage, messages } from "#core/messages.ts";
import { adminPsychologistSchema } from "#core/schemas/care.ts";
import { serverMessages } from "#core/server-messages.ts";
import { psychologists } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { sniffUpload, UploadRejected } from "#server/storage/sniff.ts";
import { newKey } from "#server/storage/storage.ts";
import { registerUploads } from "#server/uploads.ts";
import { toAdminPsychologist } from "./admin-psychologist.ts";

const idParams = z.object({ id: z.uuid({ error: careTexts.psychologistNotFound }) });

export async function psychologistPhotoRoutes(fastify: FastifyInstance) {
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, storage } = app.deps;
  const photoMaxBytes = env.UPLOAD_MAX_IMAGE_MB * 1024 * 1024;

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
      if (!current) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
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
      if (!current) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
      const [row] = await db
        .update(psychologists)
        .set({ photoUrl: null, photoKey: null })
        .where(eq(psychologists.id, current.id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
      if (current.photoKey)
        await storage
          .remove(current.photoKey)
          .catch((err: unknown) => request.log.error({ err, key: current.photoKey }, "photo removal failed"));
      await writeAudit(db, viewer, "psychologist.photo-remove", { type: "psychologist", id: row.id });
      return toAdminPsychologist(row);
    },
  );
}
