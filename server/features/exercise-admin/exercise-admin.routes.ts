/**
 * /admin/exercises (admins only): storage status and setup, the catalogue
 * newest first, creating an exercise with its files in ONE multipart request
 * (all or nothing: files are removed if the record cannot be written), and
 * deleting one (its files go; people's completions stay in their history).
 */

import type { MultipartFile } from "@fastify/multipart";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminMessages } from "#core/admin-messages.ts";
import { fileTooLargeMessage, messages } from "#core/messages.ts";
import {
  DEFAULT_THUMBNAIL,
  type ExerciseForm,
  exerciseFormSchema,
  storageStatusSchema,
} from "#core/schemas/exercise-admin.ts";
import { exerciseSchema } from "#core/schemas/exercises.ts";
import { serverMessages } from "#core/server-messages.ts";
import { exercises, storageConfig } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { toExercise } from "#server/features/exercises/index.ts";
import { sniffUpload, type UploadKind, UploadRejected } from "#server/storage/sniff.ts";
import { newKey } from "#server/storage/storage.ts";
import { registerUploads } from "#server/uploads.ts";

const kindLabels: Record<UploadKind, string> = { video: "vídeo", audio: "áudio", pdf: "PDF", image: "imagem" };

export async function exerciseAdminRoutes(fastify: FastifyInstance) {
  // These routes take files (exercise media): the multipart parser is theirs alone (server/uploads.ts).
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, storage } = app.deps;
  const limitsMb: Record<UploadKind, number> = {
    video: env.UPLOAD_MAX_VIDEO_MB,
    audio: env.UPLOAD_MAX_AUDIO_MB,
    pdf: env.UPLOAD_MAX_PDF_MB,
    image: env.UPLOAD_MAX_IMAGE_MB,
  };
  const largestBytes = Math.max(...Object.values(limitsMb)) * 1024 * 1024;

  // The app prepares storage at start (server/storage/prepare-storage.ts): ready means the bucket answers now.
  const isConfigured = () => storage.check();

  app.get(
    "/api/admin/storage",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Se o armazenamento de arquivos está configurado",
        response: { 200: storageStatusSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      return { bucket: storage.bucket, backend: storage.backend, configured: await isConfigured() };
    },
  );

  app.post(
    "/api/admin/storage/setup",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Configura o armazenamento (cria o bucket exercise-files)",
        response: { 200: storageStatusSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      try {
        await storage.setup();
      } catch (error) {
        request.log.error({ err: error }, "storage setup failed");
        throw new AppError(
          "STORAGE_SETUP_FAILED",
          `${adminMessages.storageSetupFailed}: ${(error as Error).name || "falha de conexão"}`,
        );
      }
      await db
        .insert(storageConfig)
        .values({ bucketName: storage.bucket, configured: true })
        .onConflictDoUpdate({ target: storageConfig.bucketName, set: { configured: true, updatedAt: sql`now()` } });
      await writeAudit(db, viewer, "storage.setup", { type: "storage", id: storage.bucket });
      return { bucket: storage.bucket, backend: storage.backend, configured: await isConfigured() };
    },
  );

  app.get(
    "/api/admin/exercises",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Todos os exercícios, os mais novos primeiro",
        response: { 200: z.array(exerciseSchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const rows = await db
        .select()
        .from(exercises)
        .where(isNull(exercises.deletedAt))
        .orderBy(desc(exercises.createdAt));
      return rows.map((row) => toExercise(row, viewer.level));
    },
  );

  app.post(
    "/api/admin/exercises",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary:
          "Cria um exercício (multipart: campos do formulário, arquivo 'media' e miniatura 'thumbnail' opcionais)",
        consumes: ["multipart/form-data"],
        response: { 201: exerciseSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", messages.invalidInput);
      const fields: Record<string, string> = {};
      const stored: { media?: { key: string; url: string }; thumbnail?: { key: string; url: string } } = {};
      let form: ExerciseForm | null = null;
      let currentKind: UploadKind = "image";
      let currentField: "media" | "thumbnail" = "thumbnail";
      const parts = request.parts({ limits: { fileSize: largestBytes + 1, files: 2, fields: 20, fieldSize: 20_000 } });

      const validate = (): ExerciseForm => {
        const result = exerciseFormSchema.safeParse(fields);
        if (!result.success) {
          const issue = result.error.issues[0];
          throw new AppError("VALIDATION", issue?.message ?? messages.invalidInput, { field: issue?.path.join(".") });
        }
        return result.data;
      };

      const storeFile = async (part: MultipartFile, folder: "media" | "thumbnails", kind: UploadKind) => {
        const maxBytes = limitsMb[kind] * 1024 * 1024;
        const { signature, body } = await sniffUpload(part.file, kind, maxBytes);
        const key = newKey(folder, signature.extension);
        await storage.put(key, body, signature.mime);
        return { key, url: storage.publicUrl(key) };
      };

      try {
        for await (const part of parts) {
          if (part.type === "field") {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const isMedia = part.fieldname === "media";
          if (!isMedia && part.fieldname !== "thumbnail") {
            part.file.resume();
            continue;
          }
          // The form's fields come first, so a bad form is refused before any byte is stored.
          form ??= validate();
          if (isMedia && form.mediaType === "link") {
            part.file.resume();
            continue;
          }
          if (!(await isConfigured())) throw new AppError("SERVICE_UNAVAILABLE", messages.storageUnavailable);
          currentKind = isMedia ? (form.mediaType as UploadKind) : "image";
          currentField = isMedia ? "media" : "thumbnail";
          const file = await storeFile(part, isMedia ? "media" : "thumbnails", currentKind);
          if (isMedia) stored.media = file;
          else stored.thumbnail = file;
        }
        form ??= validate();
        if (form.mediaType !== "link" && !stored.media) {
          throw new AppError("VALIDATION", adminMessages.mediaFileRequired, { field: "media" });
        }
        const [row] = await db
          .insert(exercises)
          .values({
            title: { "pt-BR": form.title },
            description: { "pt-BR": form.description },
            category: form.category,
            duration: form.duration,
            requiredLevel: form.requiredLevel,
            xpReward: form.xpReward,
            mediaType: form.mediaType,
            mediaUrl: form.mediaType === "link" ? form.mediaUrl : (stored.media?.url ?? null),
            mediaKey: stored.media?.key ?? null,
            thumbnail: stored.thumbnail?.url ?? DEFAULT_THUMBNAIL,
            thumbnailKey: stored.thumbnail?.key ?? null,
          })
          .returning();
        if (!row) throw new Error("exercise insert returned nothing");
        await writeAudit(db, viewer, "exercise.create", {
          type: "exercise",
          id: row.id,
          details: { mediaType: row.mediaType },
        });
        reply.status(201);
        return toExercise(row, viewer.level);
      } catch (error) {
        // All or nothing: whatever was stored for this request goes.
        await Promise.all(
          [stored.media?.key, stored.thumbnail?.key]
            .filter((key): key is string => Boolean(key))
            .map((key) =>
              storage.remove(key).catch((err: unknown) => request.log.error({ err, key }, "upload cleanup failed")),
            ),
        );
        for await (const rest of parts) if (rest.type === "file") rest.file.resume();
        if (error instanceof UploadRejected) throw rejection(error, currentKind, currentField, limitsMb[currentKind]);
        throw error;
      }
    },
  );

  app.delete(
    "/api/admin/exercises/:id",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Exclui um exercício do catálogo e os arquivos dele; conclusões já registradas continuam no histórico",
        params: z.object({ id: z.uuid({ error: serverMessages.exerciseNotFound }) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const [row] = await db
        .update(exercises)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(exercises.id, request.params.id), isNull(exercises.deletedAt)))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", serverMessages.exerciseNotFound);
      for (const key of [row.mediaKey, row.thumbnailKey]) {
        if (key)
          await storage.remove(key).catch((err: unknown) => request.log.error({ err, key }, "file removal failed"));
      }
      await writeAudit(db, viewer, "exercise.delete", { type: "exercise", id: row.id });
      return { message: adminMessages.exerciseDeleted };
    },
  );
}

/** The refusal names the file's field, so the form shows it under the right picker. */
function rejection(error: UploadRejected, kind: UploadKind, field: "media" | "thumbnail", maxMb: number): AppError {
  if (error.reason === "size") return new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(kindLabels[kind], maxMb));
  if (error.reason === "dimensions")
    return new AppError("VALIDATION", serverMessages.imageDimensionsTooLarge, { field });
  return new AppError(
    "UNSUPPORTED_MEDIA",
    field === "thumbnail" ? serverMessages.thumbnailTypeInvalid : serverMessages.fileTypeMismatch,
    { field },
  );
}
