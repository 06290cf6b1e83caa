/**
 * Serves the disk storage at /media/…: range requests (players can seek),
 * an hour of cache, nosniff (helmet) and an inline Content-Disposition with
 * our own generated file name, never the uploader's.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";
import { EVIDENCE_FOLDER, LEGACY_EVIDENCE_PREFIX, LISTENING_FOLDER, PRIVATE_FOLDER } from "./storage.ts";

function isPrivatePath(url: string): boolean {
  try {
    // Normalised, so `media/./evidencia-…` or a doubled slash is recognised too.
    const decoded = path.posix.normalize(decodeURIComponent(url.split("?")[0] ?? ""));
    return [`/${PRIVATE_FOLDER}/`, `/${EVIDENCE_FOLDER}/`, `/${LISTENING_FOLDER}/`, `/${LEGACY_EVIDENCE_PREFIX}`].some(
      (part) => decoded.includes(part),
    );
  } catch {
    return true; // a path that does not decode is refused like a private one
  }
}

export async function mediaFiles(app: FastifyInstance, opts: { root: string }) {
  mkdirSync(opts.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: path.resolve(opts.root),
    prefix: "/media/",
    decorateReply: false,
    index: false,
    dotfiles: "deny",
    acceptRanges: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader("cache-control", "public, max-age=3600");
      res.setHeader("content-disposition", `inline; filename="${path.basename(filePath).replace(/[^\w.-]/g, "")}"`);
      res.setHeader("x-content-type-options", "nosniff");
      res.setHeader("cross-origin-resource-policy", "same-origin");
    },
  });
  app.addHook("onRequest", async (request) => {
    if (request.url.startsWith("/media/") && request.url.includes(".."))
      throw new AppError("NOT_FOUND", serverMessages.notFound);
    // Group session materials, NR-1 evidence and listening attachments are served only through the app (024, 030, 052).
    if (request.url.startsWith("/media/") && isPrivatePath(request.url))
      throw new AppError("NOT_FOUND", serverMessages.notFound);
  });
}
