/**
 * Attachments of the Canal de escuta (docs/decisions/052). A message with
 * files comes as multipart: the message's JSON in the field `dados`, then up
 * to 3 files `anexo` of up to 5 MB each. Each file is read whole, recognised
 * by its bytes and stripped of its metadata (strip-metadata.ts) before
 * anything is stored; the stored name is neutral ('anexo-1.jpg'), the key a
 * random UUID under a folder the public /media/ route refuses. Nothing about
 * a file goes to the log.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq, inArray } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { isImageTooLarge, readImageSize } from "#core/image-size.ts";
import { attachmentName, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "#core/listening.ts";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { messages } from "#core/messages.ts";
import type { Attachment } from "#core/schemas/listening.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { listeningAttachments } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { LISTENING_FOLDER, type Storage } from "#server/storage/storage.ts";
import { AttachmentRefused, type StrippedFile, stripMetadata } from "./strip-metadata.ts";

/**
 * The message's input, from a JSON body (already checked by the route's schema) or from a multipart
 * body's `dados` field, and the files as sent (at most 3 of 5 MB): the route authorises the caller,
 * then strips them (`stripFiles`).
 */
export async function readMessageForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ input: z.output<S>; files: Buffer[] }> {
  if (!request.isMultipart()) {
    if (request.body == null) throw new AppError("VALIDATION", messages.invalidInput);
    return { input: request.body as z.output<S>, files: [] };
  }
  let data: unknown;
  const files: Buffer[] = [];
  const parts = request.parts({
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: MAX_ATTACHMENTS + 1, fields: 4 },
  });
  for await (const part of parts) {
    if (part.type === "field") {
      if (part.fieldname === "dados") data = safeJson(String(part.value));
      continue;
    }
    if (files.length === MAX_ATTACHMENTS) {
      part.file.resume();
      throw new AppError("VALIDATION", m.attachmentTooMany, { field: "anexo" });
    }
    const bytes = await part.toBuffer();
    if (bytes.length > MAX_ATTACHMENT_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", m.attachmentTooLarge);
    files.push(bytes);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || undefined;
    throw new AppError(
      "VALIDATION",
      data === undefined ? m.attachmentFormInvalid : (issue?.message ?? messages.invalidInput),
      {
        field,
      },
    );
  }
  return { input: parsed.data, files };
}

export async function stripFiles(files: Buffer[]): Promise<StrippedFile[]> {
  const out: StrippedFile[] = [];
  for (const bytes of files) out.push(await stripped(bytes));
  return out;
}

async function stripped(bytes: Buffer): Promise<StrippedFile> {
  try {
    const file = await stripMetadata(bytes);
    if (file.extension !== "pdf") {
      // The pixel cap of every other upload (docs/decisions/030).
      const size = readImageSize(file.bytes);
      if (!size || isImageTooLarge(size))
        throw new AppError("VALIDATION", serverMessages.imageDimensionsTooLarge, { field: "anexo" });
    }
    return file;
  } catch (error) {
    if (!(error instanceof AttachmentRefused)) throw error;
    throw new AppError("UNSUPPORTED_MEDIA", error.reason === "type" ? m.attachmentType : m.attachmentUnreadable, {
      field: "anexo",
    });
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Stores the files, then runs `write` (the transaction that writes the message and must call `attach`
 * with its ids); if `write` fails, the stored files are removed, so nothing is left behind. The files
 * say they were written at the start of `day` (UTC), like the case (docs/decisions/063).
 */
export async function storeWithMessage<T>(
  storage: Storage,
  log: FastifyRequest["log"],
  files: StrippedFile[],
  day: string,
  write: (attach: (tx: Db, ids: { caseId: string; messageId: string }) => Promise<void>) => Promise<T>,
): Promise<T> {
  const stored: { key: string; file: StrippedFile }[] = [];
  const modifiedAt = new Date(`${day}T00:00:00Z`);
  try {
    for (const file of files) {
      const key = `${LISTENING_FOLDER}/${randomUUID()}.${file.extension}`;
      await storage.put(key, Readable.from(file.bytes), file.contentType, { modifiedAt });
      stored.push({ key, file });
    }
    return await write(async (tx, { caseId, messageId }) => {
      if (stored.length === 0) return;
      await tx.insert(listeningAttachments).values(
        stored.map(({ key, file }, index) => ({
          caseId,
          messageId,
          position: index + 1,
          fileName: attachmentName(index + 1, file.extension),
          contentType: file.contentType,
          sizeBytes: file.bytes.length,
          storageKey: key,
        })),
      );
    });
  } catch (error) {
    await removeFiles(
      storage,
      log,
      stored.map(({ key }) => key),
    );
    throw error;
  }
}

async function removeFiles(storage: Storage, log: FastifyRequest["log"], keys: string[]): Promise<void> {
  for (const key of keys) {
    await storage.remove(key).catch((err: unknown) => log.error({ err }, "listening attachment cleanup failed"));
  }
}

/** The attachments of some messages, by message id, in their order. */
export async function attachmentsOf(db: Db, messageIds: string[]): Promise<Map<string, Attachment[]>> {
  const byMessage = new Map<string, Attachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(listeningAttachments)
    .where(inArray(listeningAttachments.messageId, messageIds))
    .orderBy(listeningAttachments.position);
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push({ id: row.id, name: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

export async function findAttachment(db: Db, id: string) {
  const [row] = await db.select().from(listeningAttachments).where(eq(listeningAttachments.id, id));
  return row ?? null;
}

/** A download: the neutral name, never inline, never sniffed, never cached. */
export async function sendAttachment(
  reply: FastifyReply,
  storage: Storage,
  row: typeof listeningAttachments.$inferSelect,
): Promise<FastifyReply> {
  const body = await storage.get(row.storageKey).catch(() => {
    throw new AppError("NOT_FOUND", m.attachmentNotFound);
  });
  return reply
    .header("content-type", row.contentType)
    .header("content-disposition", `attachment; filename="${row.fileName}"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(body);
}
