/**
 * The multipart parser, and a file that passes its route's byte limit
 * (`limits.fileSize`) fails AT ONCE (docs/decisions/018). Busboy's own way is
 * to drop the rest of the file quietly and end it with the body: a route that
 * buffers the file (`toBuffer()`) waits for the whole upload, however large
 * and slow, before it can refuse it. Here every file part of every route
 * (`request.file()`, `request.parts()`) errors with a 413 naming the limit the
 * moment busboy cuts it; the error handler then answers at once and closes
 * the connection (`closeAfterReply` in errors.ts).
 *
 * A plugin whose routes take files calls `registerUploads` on itself first
 * (psychologist photos, materials, exercise-admin, risks): the parser stays inside that
 * plugin, and every other route answers a multipart body with a 415.
 */
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { uploadTooLargeMessage } from "#core/messages.ts";
import { AppError } from "#server/errors.ts";

export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart);
  app.addHook("preHandler", async (request) => {
    if (request.isMultipart()) failFilesAtTheirLimit(request);
  });
}

function failAtLimit(part: MultipartFile): void {
  // At 'limit' busboy has set bytesRead to the limit it was given.
  part.file.once("limit", () => {
    part.file.destroy(new AppError("PAYLOAD_TOO_LARGE", uploadTooLargeMessage(part.file.bytesRead)));
  });
}

function failFilesAtTheirLimit(request: FastifyRequest): void {
  const { file, parts } = request;
  request.file = async (options) => {
    const part = await file.call(request, options);
    if (part) failAtLimit(part);
    return part;
  };
  request.parts = async function* (options) {
    for await (const part of parts.call(request, options)) {
      if (part.type === "file") failAtLimit(part);
      yield part;
    }
  };
}
