/**
 * A PostgreSQL cluster of its own (Debian's binaries, as .ci/start-postgres.sh
 * uses), for tests that stop and start the server: the shared one of
 * TEST_DATABASE_URL serves other test files at the same time. As root the
 * server runs as the postgres user, as it refuses to run as root.
 */
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./product-process.ts";

/** The newest installed server's bin folder, or null when PostgreSQL is not installed. */
export function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(base, newest, "bin") : null;
}

const isRoot = process.getuid?.() === 0;

const execFileAsync = promisify(execFile);

/** Asynchronous on purpose: the test's load keeps running (and timing) while the server stops or starts. */
async function run(bin: string, program: string, args: string[]): Promise<void> {
  const command = [path.join(bin, program), ...args];
  if (!isRoot) {
    await execFileAsync(command[0] as string, command.slice(1));
    return;
  }
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(" ");
  await execFileAsync("su", ["postgres", "-s", "/bin/bash", "-c", quoted]);
}

export type ThrowawayPostgres = {
  url: string;
  /** pg_ctl stop: `fast` ends every session (57P01) then closes; `immediate` kills them without a word. */
  stop: (mode?: "fast" | "immediate") => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql");
  const dir = mkdtempSync(path.join(tmpdir(), "sereno-pg-"));
  if (isRoot) {
    chmodSync(dir, 0o755);
    await execFileAsync("chown", ["postgres:postgres", dir]);
  }
  const port = await freePort();
  const data = path.join(dir, "data");
  await run(bin, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run(bin, "pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = "fast") => run(bin, "pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]),
    start,
    async destroy() {
      try {
        await run(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
