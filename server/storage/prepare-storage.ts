/**
 * Storage is ready out of the box (docs/decisions/010): at start the app
 * creates the disk folders, or the S3 bucket when its credentials allow.
 * When that fails (S3 unreachable, no right to create buckets) the app still
 * starts, logs why, and the admin screen offers 'Configurar armazenamento'.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Storage } from "./storage.ts";

/** An S3 endpoint that does not answer must not hold the start-up for long. */
const PREPARE_TIMEOUT_MS = 10_000;

export async function prepareStorage(storage: Storage, log: FastifyBaseLogger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PREPARE_TIMEOUT_MS / 1000} s`)), PREPARE_TIMEOUT_MS);
  });
  try {
    await Promise.race([storage.setup(), timeout]);
    return true;
  } catch (error) {
    log.warn(
      { err: error, backend: storage.backend, bucket: storage.bucket },
      "file storage could not be prepared at start: uploads wait until an admin runs 'Configurar armazenamento'",
    );
    return false;
  } finally {
    clearTimeout(timer);
  }
}
