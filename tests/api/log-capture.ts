import { Writable } from "node:stream";
import { createLogger } from "#server/logger.ts";

/**
 * The app's real logger writing into memory, for the tests that search every log line for what must
 * never be there (tokens, CPFs, case texts): `lines` holds one JSON line per entry.
 */
export function captureLog(level: "debug" | "info" = "debug") {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ level, stream }) };
}
