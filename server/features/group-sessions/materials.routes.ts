/**
 * Materials of a group session (docs/decisions/024, "Materials"): PDFs and
 * images in the product's storage, under an unguessable key in a folder the
 * public /media/ route refuses, read back only through this route. Uploaded
 * by the session's manager, an admin or its psychologist facilitator;
 * downloaded by those with a place, by the facilitator, and by the manager
 * for workshops (a support group's files stay with who takes part).
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import { MAX_MATERIALS, materialSchema } from "#core/schemas/group-sessions.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { type GroupSessionRow, groupSessionMaterials, groupSessionRegistrations } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import type { Viewer } from "#server/features/auth/index.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";
import { sniffUpload, type UploadKind, UploadRejected } from "#server/storage/sniff.ts";
import { PRIVATE_FOLDER } from "#server/storage/storage.ts";
import { registerUploads } from "#server/uploads.ts";
import { facilitatedSession, managedSession, visibleSession } from "./session-scope.ts";

/** A name safe to show and to put in Content-Disposition: no path, no control characters, at most 120 characters. */
function cleanName(raw: string, extension: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? "")
    .replace(/[\p{Cc}\p{Cf}"]/gu, "")
    .trim()
    .slice(0, 120);
  if (!base) return `material.${extension}`;
  return base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
}

/** Who may change a session's materials: its manager or an admin, or the psychologist who conducts it. */
async function editableSession(db: Db, viewer: Viewer, id: string): Promise<GroupSessionRow> {
  if (viewer.role === "psychologist") return facilitatedSession(db, viewer, id);
  if (viewer.role === "manager" || viewer.role === "admin") return managedSession(db, viewer, id);
  throw new AppError("FORBIDDEN", serverMessages.forbidden);
}

const params = z
  .object({ id: z.uuid({ error: m.notFound }), materialId: z.uuid({ error: m.materialNotFound }) })
  .strict();

export async function materialRoutes(fastify: FastifyInstance) {
  // These routes take files (materials): the multipart parser is theirs alone (server/uploads.ts).
  await registerUploads(fastify);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, storage } = app.deps;
  const limitsMb: Record<"pdf" | "image", number> = { pdf: env.UPLOAD_MAX_PDF_MB, image: env.UPLOAD_MAX_IMAGE_MB };

  /** Who may read: facilitator; manager/admin for workshops; whoever has a place. */
  async function readableSession(viewer: Viewer, id: string): Promise<GroupSessionRow> {
    if (viewer.role === "psychologist") return facilitatedSession(db, viewer, id);
    if (viewer.role === "admin") {
      const session = await managedSession(db, viewer, id);
      if (session.kind !== "workshop") throw new AppError("FORBIDDEN", m.materialSupportGroup);
      return session;
    }
    const session = await (viewer.role === "manager"
      ? managedSession(db, viewer, id).catch(() => visibleSession(db, viewer, id))
      : visibleSession(db, viewer, id));
    if (viewer.role === "manager" && session.kind === "workshop" && session.companyId === viewer.companyId)
      return session;
    const [place] = await db
      .select({ id: groupSessionRegistrations.id })
      .from(groupSessionRegistrations)
      .where(
        and(
          eq(groupSessionRegistrations.sessionId, session.id),
          eq(groupSessionRegistrations.userId, viewer.userId),
          inArray(groupSessionRegistrations.status, ["registered", "attended"]),
        ),
      );
    if (!place)
      throw new AppError("FORBIDDEN", session.kind === "workshop" ? m.materialOnlyRegistered : m.materialSupportGroup);
    return session;
  }

  app.post(
    "/api/group-sessions/:id/materials",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Anexa um material (PDF ou imagem; multipart, campo 'file') a um encontro",
        consumes: ["multipart/form-data"],
        params: z.object({ id: z.uuid({ error: m.notFound }) }).strict(),
        response: { 201: z.object({ message: z.string(), material: materialSchema }) },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      const session = await editableSession(db, viewer, request.params.id);
      if (session.status === "cancelled") throw new AppError("CONFLICT", m.cancelled);
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", m.materialFileMissing);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(groupSessionMaterials)
        .where(eq(groupSessionMaterials.sessionId, session.id));
      if ((count?.n ?? 0) >= MAX_MATERIALS) throw new AppError("CONFLICT", m.materialLimit(MAX_MATERIALS));
      const largest = Math.max(limitsMb.pdf, limitsMb.image) * 1024 * 1024;
      const part = await request.file({ limits: { fileSize: largest + 1, files: 1 } });
      if (part?.fieldname !== "file") {
        part?.file.resume();
        throw new AppError("VALIDATION", m.materialFileMissing, { field: "file" });
      }
      // The browser's word picks which signatures to check; the bytes decide.
      const kind: UploadKind = part.mimetype.startsWith("image/") ? "image" : "pdf";
      let key: string | null = null;
      try {
        const { signature, body } = await sniffUpload(part.file, kind, limitsMb[kind as "pdf" | "image"] * 1024 * 1024);
        key = `${PRIVATE_FOLDER}/${randomUUID()}.${signature.extension}`;
        let size = 0;
        async function* counted() {
          for await (const chunk of body) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        }
        await storage.put(key, Readable.from(counted(), { objectMode: false }), signature.mime);
        const [row] = await db
          .insert(groupSessionMaterials)
          .values({
            sessionId: session.id,
            fileName: cleanName(part.filename, signature.extension),
            contentType: signature.mime,
            sizeBytes: size,
            storageKey: key,
            uploadedBy: viewer.userId,
          })
          .returning();
        if (!row) throw new Error("material insert returned nothing");
        reply.status(201);
        return {
          message: m.materialSaved,
          material: { id: row.id, fileName: row.fileName, sizeBytes: row.sizeBytes },
        };
      } catch (error) {
        const stored = key;
        if (stored)
          await storage
            .remove(stored)
            .catch((err: unknown) => request.log.error({ err, key: stored }, "upload cleanup failed"));
        part.file.resume();
        if (error instanceof UploadRejected) {
          if (error.reason === "size")
            throw new AppError("PAYLOAD_TOO_LARGE", m.materialTooLarge(limitsMb[kind as "pdf" | "image"]));
          throw new AppError("UNSUPPORTED_MEDIA", m.materialTypeInvalid, { field: "file" });
        }
        throw error;
      }
    },
  );

  app.get(
    "/api/group-sessions/:id/materials/:materialId",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Baixa um material: quem tem vaga, quem conduz e, nos workshops, a gestão",
        params,
        produces: ["application/octet-stream"],
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      const session = await readableSession(viewer, request.params.id);
      const [material] = await db
        .select()
        .from(groupSessionMaterials)
        .where(
          and(eq(groupSessionMaterials.id, request.params.materialId), eq(groupSessionMaterials.sessionId, session.id)),
        );
      if (!material) throw new AppError("NOT_FOUND", m.materialNotFound);
      const body = await storage.get(material.storageKey).catch((error: unknown) => {
        request.log.error({ err: error, key: material.storageKey }, "material read failed");
        throw new AppError("NOT_FOUND", m.materialNotFound);
      });
      const ascii = material.fileName.replace(/[^\x20-\x7e]/g, "_");
      return reply
        .header("content-type", material.contentType)
        .header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(material.fileName)}`,
        )
        .header("cache-control", "private, no-store")
        .send(body);
    },
  );

  app.delete(
    "/api/group-sessions/:id/materials/:materialId",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Remove um material do encontro",
        params,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const session = await editableSession(db, viewer, request.params.id);
      const [removed] = await db
        .delete(groupSessionMaterials)
        .where(
          and(eq(groupSessionMaterials.id, request.params.materialId), eq(groupSessionMaterials.sessionId, session.id)),
        )
        .returning({ key: groupSessionMaterials.storageKey });
      if (!removed) throw new AppError("NOT_FOUND", m.materialNotFound);
      await storage
        .remove(removed.key)
        .catch((err: unknown) => request.log.error({ err, key: removed.key }, "material removal failed"));
      return { message: m.materialRemoved };
    },
  );
}
