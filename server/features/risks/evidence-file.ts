/**
 * Receiving one evidence file of the NR-1 module (an action's evidence, a
 * participation record's minutes or attendance list): a PDF or an image up
 * to 10 MB, recognised by its bytes, stored under an unguessable key and
 * served by link like exercise media (docs/decisions/026). Not for health data.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { messages } from "#core/messages.ts";
import { AppError } from "#server/errors.ts";
import { detectType } from "#server/storage/sniff.ts";
import type { Storage } from "#server/storage/storage.ts";

export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

export type EvidenceFile = { key: string; name: string; url: string };

export async function receiveEvidenceFile(request: FastifyRequest, storage: Storage): Promise<EvidenceFile> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", messages.invalidInput);
  const file = await request.file({ limits: { fileSize: EVIDENCE_MAX_BYTES + 1, files: 1 } });
  if (!file) throw new AppError("BAD_REQUEST", "Escolha um arquivo.");
  const buffer = await file.toBuffer();
  if (buffer.length > EVIDENCE_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "O arquivo passa de 10 MB.");
  const type = detectType("pdf", buffer) ?? detectType("image", buffer);
  if (!type) throw new AppError("UNSUPPORTED_MEDIA", "Envie um PDF ou uma imagem (PNG, JPG, WebP).");
  // An unguessable key: evidence is served like other media, by link only.
  const key = `media/evidencia-${randomUUID()}.${type.extension}`;
  await storage.put(key, Readable.from(buffer), type.mime);
  const name = (file.filename || `evidencia.${type.extension}`).replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 120);
  return { key, name, url: storage.publicUrl(key) };
}

/** A jsonb list of evidence files without the one stored under `key`. */
export function filesWithout(files: AnyColumn, key: string): SQL {
  return sql`(select coalesce(jsonb_agg(f), '[]'::jsonb) from jsonb_array_elements(${files}) f where f->>'key' <> ${key})`;
}

/** Whether a jsonb list of evidence files holds the one stored under `key`. */
export function filesHold(files: AnyColumn, key: string): SQL {
  return sql`${files} @> ${JSON.stringify([{ key }])}::jsonb`;
}
