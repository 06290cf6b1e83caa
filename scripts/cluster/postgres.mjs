/**
 * The cluster's PostgreSQL (docs/decisions/073): Debian's binaries, a primary made with initdb and a synchronous
 * hot standby made from it with pg_basebackup, each node started, stopped, queried and promoted here.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { deployDir, isRoot } from "./layout.mjs";

/** The newest PostgreSQL's bin folder Debian installed, or null. */
export function postgresBin() {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) return null;
  return path.join(base, versions.at(-1), "bin");
}

/** A PostgreSQL program, as the postgres user when we are root (the server refuses to run as root). */
export function pg(program, args, options = {}) {
  const command = [path.join(postgresBin(), program), ...args];
  const quoted = command.map((part) => `'${String(part).replaceAll("'", "'\\''")}'`).join(" ");
  const result = isRoot
    ? spawnSync("su", ["postgres", "-s", "/bin/bash", "-c", quoted], { encoding: "utf8", ...options })
    : spawnSync(command[0], command.slice(1), { encoding: "utf8", ...options });
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${program} ${args.join(" ")} falhou:\n${result.stderr || result.stdout}`);
  }
  return result;
}

/** Starts one PostgreSQL node of the layout (its data folder already made). */
export function startPostgres(layout, node) {
  const dir = layout.pgDirs[node];
  const options = `-p ${layout.pgPorts[node]} -k ${dir} -c listen_addresses=127.0.0.1`;
  pg("pg_ctl", ["-D", path.join(dir, "data"), "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
}

/** pg_ctl stop: `fast` ends every session and shuts down cleanly; `immediate` is a crash. */
export function stopPostgres(layout, node, mode = "fast") {
  pg("pg_ctl", ["-D", path.join(layout.pgDirs[node], "data"), "-m", mode, "-w", "stop"], { allowFailure: true });
}

/** SQL statements through psql on a node, one session, each on its own; the output, trimmed. */
export function psql(layout, node, statement, database = "postgres") {
  const statements = Array.isArray(statement) ? statement : [statement];
  return pg("psql", [
    "-h",
    "127.0.0.1",
    "-p",
    String(layout.pgPorts[node]),
    "-U",
    "postgres",
    "-d",
    database,
    "-Atq",
    ...statements.flatMap((each) => ["-c", each]),
  ]).stdout.trim();
}

/** The failover step: the standby becomes the primary and stops waiting for a standby it no longer has. */
export function promote(layout, node) {
  pg("pg_ctl", ["-D", path.join(layout.pgDirs[node], "data"), "-w", "-t", "60", "promote"]);
  psql(layout, node, "ALTER SYSTEM SET synchronous_standby_names = ''");
  psql(layout, node, "SELECT pg_reload_conf()");
}

function ownedByPostgres(dir) {
  if (!isRoot) return;
  chmodSync(dir, 0o755);
  execFileSync("chown", ["-R", "postgres:postgres", dir]);
}

/** The two nodes from nothing: the primary, its database, the standby streaming from it, synchronous. */
export function setUpPostgres(layout) {
  const [primary, standby] = layout.pgDirs;
  for (const dir of layout.pgDirs) {
    mkdirSync(dir, { recursive: true });
    ownedByPostgres(dir);
  }
  // initdb's pg_hba.conf allows replication from 127.0.0.1; on real machines a replicator role with a password.
  pg("initdb", ["-D", path.join(primary, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  for (const file of ["postgresql-primary.conf", "postgresql-standby.conf"]) {
    copyFileSync(path.join(deployDir, file), path.join(primary, "data", file));
  }
  appendFileSync(path.join(primary, "data", "postgresql.conf"), "\ninclude 'postgresql-primary.conf'\n");
  ownedByPostgres(primary);
  startPostgres(layout, 0);
  // No standby yet to confirm it: this one commit is acknowledged on the primary alone.
  psql(layout, 0, ["SET synchronous_commit = local", "CREATE DATABASE sereno"]);
  // The standby: a base backup of the running primary, -R writes standby.signal and primary_conninfo.
  pg("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(layout.pgPorts[0]),
    "-U",
    "postgres",
    "-D",
    path.join(standby, "data"),
    "-X",
    "stream",
    // A fast checkpoint to start from, not one spread over minutes.
    "-c",
    "fast",
    "-R",
  ]);
  const conf = path.join(standby, "data", "postgresql.conf");
  writeFileSync(
    conf,
    readFileSync(conf, "utf8").replace("include 'postgresql-primary.conf'", "include 'postgresql-standby.conf'"),
  );
  ownedByPostgres(standby);
  startPostgres(layout, 1);
  // Synchronous from here on: the primary waits for the standby's flush before it acknowledges a commit.
  for (let waited = 0; ; waited += 200) {
    if (psql(layout, 0, "SELECT sync_state FROM pg_stat_replication") === "sync") break;
    if (waited > 30_000) throw new Error("a réplica não ficou síncrona em 30 s");
    spawnSync("sleep", ["0.2"]);
  }
}
