/**
 * Evidence files of the NR-1 module (an action's evidence, a participation
 * record's minutes or attendance list): a PDF or an image up to 10 MB and
 * 4096 × 4096 pixels, recognised by its bytes, stored under an unguessable
 * key in a folder the public /media/ route refuses, and read back only
 * through /api/risks by the company's managers and admins (docs/decisions/030).
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isImageTooLarge, readImageSize } from "#core/image-size.ts";
import { messages } from "#core/messages.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";
import { detectType } from "#server/storage/sniff.ts";
import { EVIDENCE_FOLDER, type Storage } from "#server/storage/storage.ts";

const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

/** As stored in the jsonb lists; rows written before 030 also carry a public `url`, never sent again. */
export type EvidenceFile = { key: string; name: string };

export async function receiveEvidenceFile(request: FastifyRequest, storage: Storage): Promise<EvidenceFile> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", messages.invalidInput);
  const file = await request.file({ limits: { fileSize: EVIDENCE_MAX_BYTES + 1, files: 1 } });
  if (!file) throw new AppError("BAD_REQUEST", "Escolha um arquivo.");
  const buffer = await file.toBuffer();
  if (buffer.length > EVIDENCE_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "O arquivo passa de 10 MB.");
  const type = detectType("pdf", buffer) ?? detectType("image", buffer);
  if (!type) throw new AppError("UNSUPPORTED_MEDIA", "Envie um PDF ou uma imagem (PNG, JPG, WebP).");
  if (type.mime.startsWith("image/")) {
    // The pixel cap of every other upload: a small file must not claim 100000 × 100000.
    const size = readImageSize(buffer);
    if (!size || isImageTooLarge(size)) throw new AppError("VALIDATION", serverMessages.imageDimensionsTooLarge);
  }
  const key = `${EVIDENCE_FOLDER}/${randomUUID()}.${type.extension}`;
  await storage.put(key, Readable.from(buffer), type.mime);
  const name = (file.filename || `evidencia.${type.extension}`).replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 120);
  return { key, name };
}

/** The files of a row as the web lists them: each with the address that downloads it through the app. */
export function withDownloadUrls(
  files: EvidenceFile[],
  owner: { kind: "actions" | "records"; id: string; companyId: string },
): (EvidenceFile & { url: string })[] {
  return files.map(({ key, name }) => ({
    key,
    name,
    url: `/api/risks/${owner.kind}/${owner.id}/files?${new URLSearchParams({ key, companyId: owner.companyId })}`,
  }));
}

const contentTypes: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/** Sends one stored file as a download under its listed name (like every /api reply, `no-store`). */
export async function sendEvidenceFile(
  reply: FastifyReply,
  storage: Storage,
  file: EvidenceFile,
): Promise<FastifyReply> {
  const body = await storage.get(file.key).catch((error: unknown) => {
    reply.log.error({ err: error, key: file.key }, "evidence read failed");
    throw new AppError("NOT_FOUND", riskMessages.fileNotFound);
  });
  const extension = file.key.split(".").pop() ?? "";
  const name = file.name.toLowerCase().endsWith(`.${extension}`)
    ? file.name
    : `${file.name || "evidencia"}.${extension}`;
  const ascii = name.replace(/[^\x20-\x7e]|"/g, "_");
  return reply
    .header("content-type", contentTypes[extension] ?? "application/octet-stream")
    .header("content-disposition", `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(body);
}

/** A jsonb list of evidence files without the one stored under `key`. */
export function filesWithout(files: AnyColumn, key: string): SQL {
  return sql`(select coalesce(jsonb_agg(f), '[]'::jsonb) from jsonb_array_elements(${files}) f where f->>'key' <> ${key})`;
}

/** Whether a jsonb list of evidence files holds the one stored under `key`. */
export function filesHold(files: AnyColumn, key: string): SQL {
  return sql`${files} @> ${JSON.stringify([{ key }])}::jsonb`;
}
