/**
 * The embedded database's snapshot for `npm run backup` while the product runs
 * (docs/decisions/075): a Unix socket at DATA_DIR/backup.sock, readable only
 * by the account that owns DATA_DIR (mode 0600), so only someone who could
 * read the keys and the database folder anyway may ask. A connection sends
 * one line, 'snapshot <new folder>' or 'ping', and gets one JSON line back:
 * {"copied": true}, {"error": "...", "code": "..."} or {"running": true}. The
 * snapshot is the database's folder copied while PGlite lets no statement
 * run: a crash-consistent copy that PostgreSQL's recovery opens as of that
 * moment. The archive itself (other files, fsync, rename) is scripts/backup.mjs's.
 */
import { chmodSync, existsSync, unlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";

const BACKUP_SOCKET = "backup.sock";

/** Whether a live process answers at `file`: a socket left by a killed process refuses the connection. */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(file);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}

export async function serveBackupSocket(options: {
  dataDir: string;
  copy: (into: string) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<{ close: () => Promise<void> } | undefined> {
  const file = path.resolve(options.dataDir, BACKUP_SOCKET);
  // A Unix socket's path has at most 107 bytes; a DATA_DIR deeper than that backs up with the product stopped.
  if (Buffer.byteLength(file) > 100) {
    options.log.warn(
      { file },
      "DATA_DIR is too deep a path for the backup socket: `npm run backup` needs the product stopped",
    );
    return undefined;
  }
  if (existsSync(file)) {
    if (await answers(file)) throw new Error(`another Sereno process is serving ${options.dataDir}`);
    unlinkSync(file);
  }
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    let asked = "";
    socket.on("data", (chunk: string) => {
      asked += chunk;
      if (!asked.includes("\n")) return;
      socket.removeAllListeners("data");
      // 'ping' only asks whether a product runs here (`npm run restore` refuses then).
      const line = asked.slice(0, asked.indexOf("\n"));
      const [command, into] = line.includes(" ")
        ? [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)]
        : [line, ""];
      if (command !== "snapshot") return void socket.end(`${JSON.stringify({ running: true })}\n`);
      if (!path.isAbsolute(into) || existsSync(into)) {
        return void socket.end(`${JSON.stringify({ error: "the snapshot's folder must be a new absolute path" })}\n`);
      }
      const started = performance.now();
      options
        .copy(into)
        .then(() => {
          socket.end(`${JSON.stringify({ copied: true })}\n`);
          const ms = Math.round(performance.now() - started);
          options.log.info({ ms }, "database snapshot copied for a backup");
        })
        .catch((error: unknown) => {
          options.log.error({ err: error }, "database snapshot for a backup failed");
          const { message, code } = error as { message?: string; code?: string };
          socket.end(`${JSON.stringify({ error: message ?? String(error), code })}\n`);
        });
    });
  });

  // Created 0600 (no moment where another account could connect), and chmod'ed again where umask is not honoured.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
