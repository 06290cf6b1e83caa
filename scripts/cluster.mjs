/**
 * `npm run cluster`: the production shape on one machine (docs/scaling-out.md, docs/decisions/073), from
 * Debian's packages, all on 127.0.0.1: a PostgreSQL primary and a hot standby made with pg_basebackup,
 * streaming, synchronous (an acknowledged write is on both); two Sereno processes sharing DATA_DIR and the
 * secrets; HAProxy in front checking GET /api/health. It uses deploy/'s files, the ones an operator copies.
 *
 *   npm run cluster                 start (prints the addresses and the admin's sign-in)
 *   npm run cluster -- stop         stop everything and delete the cluster's folder
 *   npm run cluster -- status       which nodes run, who is primary, replication state
 *   npm run cluster -- promote      the failover step: promote the standby, drop the synchronous wait
 *
 * CLUSTER_PORT (8080): HAProxy; +1, +2 the processes; +3 HAProxy's stats; +5, +6 the processes' /metrics
 * (127.0.0.1 only; +4 is left to the drills' SMTP server). CLUSTER_PG_PORT (5433): primary;
 * +1 standby. CLUSTER_DIR: where it all lives (a folder in the system's temp dir by default).
 * Node modules import it too (tests/cluster/drills.ts), for the same layout.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const deployDir = path.join(root, "deploy");
const isRoot = process.getuid?.() === 0;

/** The cluster's addresses and folders, from the environment. */
export function clusterLayout(env = process.env) {
  const base = Number(env.CLUSTER_PORT || 8080);
  const pgBase = Number(env.CLUSTER_PG_PORT || 5433);
  const dir = env.CLUSTER_DIR || path.join(tmpdir(), `sereno-cluster-${base}`);
  return {
    dir,
    haproxyPort: base,
    appPorts: [base + 1, base + 2],
    statsPort: base + 3,
    metricsPorts: [base + 5, base + 6],
    pgPorts: [pgBase, pgBase + 1],
    pgDirs: [path.join(dir, "pg-a"), path.join(dir, "pg-b")],
    dataDir: path.join(dir, "data"),
    databaseUrl: `postgres://postgres@127.0.0.1:${pgBase},127.0.0.1:${pgBase + 1}/sereno?target_session_attrs=primary`,
    url: `http://127.0.0.1:${base}`,
  };
}

function postgresBin() {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, "bin", "pg_ctl")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) return null;
  return path.join(base, versions.at(-1), "bin");
}

function haproxyBin() {
  const found = spawnSync("bash", ["-c", "command -v haproxy"]).stdout?.toString().trim();
  return found || (existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : null);
}

/** Debian's haproxy and postgresql when missing: installed as root (like .ci/run does), else a clear message. */
function ensurePackages() {
  const missing = [...(haproxyBin() ? [] : ["haproxy"]), ...(postgresBin() ? [] : ["postgresql"])];
  if (missing.length === 0) return;
  if (!isRoot) {
    throw new Error(`O cluster precisa de ${missing.join(" e ")}: sudo apt-get install -y ${missing.join(" ")}`);
  }
  console.log(`• Instalando ${missing.join(", ")} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { stdio: "inherit", env });
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

function setUpPostgres(layout) {
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

/** The environment every Sereno process of the cluster gets: deploy/sereno.env.example, filled in. */
function appEnvironment(layout) {
  const file = path.join(layout.dir, "sereno.env");
  if (!existsSync(file)) {
    const lines = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      APP_URL: layout.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      SSO_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      DATABASE_URL: layout.databaseUrl,
      DATABASE_POOL_SIZE: "5",
      TRUST_PROXY: "127.0.0.1",
      SHUTDOWN_DRAIN_SECONDS: "2",
      DATA_DIR: layout.dataDir,
      ADMIN_EMAIL: "admin@cluster.local",
      ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
      LOG_LEVEL: "warn",
    };
    writeFileSync(
      file,
      `${Object.entries(lines)
        .map(([key, value]) => `${key}=${value}`)
        .join("\n")}\n`,
      {
        mode: 0o600,
      },
    );
  }
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/** Starts Sereno process `index` (0 or 1) detached, logging to the cluster's folder; its pid. */
export function startApp(layout, index, extraEnv = {}) {
  const log = openSync(path.join(layout.dir, `app${index + 1}.log`), "a");
  const child = spawn(process.execPath, [path.join(root, "build", "app", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      ...appEnvironment(layout),
      PORT: String(layout.appPorts[index]),
      METRICS_PORT: String(layout.metricsPorts[index]),
      ...extraEnv,
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  writeFileSync(path.join(layout.dir, `app${index + 1}.pid`), String(child.pid));
  return child.pid;
}

export function appPid(layout, index) {
  const file = path.join(layout.dir, `app${index + 1}.pid`);
  return existsSync(file) ? Number(readFileSync(file, "utf8")) : null;
}

export async function waitForHealth(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} não respondeu 200 em /api/health em ${timeoutMs / 1000} s`);
}

function startHaproxy(layout) {
  const env = {
    ...process.env,
    SERENO_HAPROXY_BIND: `127.0.0.1:${layout.haproxyPort}`,
    SERENO_HAPROXY_STATS: `127.0.0.1:${layout.statsPort}`,
    SERENO_APP1: `127.0.0.1:${layout.appPorts[0]}`,
    SERENO_APP2: `127.0.0.1:${layout.appPorts[1]}`,
    SERENO_DEPLOY_DIR: deployDir,
  };
  const pidFile = path.join(layout.dir, "haproxy.pid");
  execFileSync(haproxyBin(), ["-q", "-D", "-f", path.join(deployDir, "haproxy.cfg"), "-p", pidFile], { env });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopPid(pid, timeoutMs = 20_000) {
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, "SIGTERM");
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && isAlive(pid); ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

export async function startCluster(layout = clusterLayout(), { quiet = false } = {}) {
  const step = (text) => quiet || console.log(`• ${text}`);
  if (existsSync(path.join(layout.dir, "haproxy.pid"))) {
    throw new Error(`já há um cluster em ${layout.dir}: npm run cluster -- stop`);
  }
  ensurePackages();
  rmSync(layout.dir, { recursive: true, force: true });
  mkdirSync(layout.dataDir, { recursive: true });
  const { buildIfNeeded } = await import("./build.mjs");
  await buildIfNeeded({ quiet: true, step });
  step(`PostgreSQL: primário em :${layout.pgPorts[0]}, réplica síncrona (pg_basebackup) em :${layout.pgPorts[1]}`);
  setUpPostgres(layout);
  // One at a time: the first migrates the database and writes DATA_DIR's generated keys, the second reads them.
  for (const index of [0, 1]) {
    step(`Sereno ${index + 1} em :${layout.appPorts[index]}`);
    startApp(layout, index);
    await waitForHealth(`http://127.0.0.1:${layout.appPorts[index]}`);
  }
  step(`HAProxy em :${layout.haproxyPort} (estatísticas em :${layout.statsPort}/stats)`);
  startHaproxy(layout);
  await waitForHealth(layout.url, 10_000);
  return layout;
}

export async function stopCluster(layout = clusterLayout(), { keepFiles = false } = {}) {
  if (!existsSync(layout.dir)) return;
  const haproxyPid = existsSync(path.join(layout.dir, "haproxy.pid"))
    ? Number(readFileSync(path.join(layout.dir, "haproxy.pid"), "utf8"))
    : null;
  await Promise.all([stopPid(haproxyPid), stopPid(appPid(layout, 0)), stopPid(appPid(layout, 1))]);
  for (const node of [0, 1]) {
    if (existsSync(path.join(layout.pgDirs[node], "data", "postmaster.pid"))) stopPostgres(layout, node);
  }
  rmSync(path.join(layout.dir, "haproxy.pid"), { force: true });
  if (!keepFiles) rmSync(layout.dir, { recursive: true, force: true });
}

function status(layout) {
  for (const node of [0, 1]) {
    const running = existsSync(path.join(layout.pgDirs[node], "data", "postmaster.pid"));
    const role = running
      ? psql(layout, node, "SELECT CASE WHEN pg_is_in_recovery() THEN 'réplica' ELSE 'primário' END")
      : "parado";
    console.log(`PostgreSQL :${layout.pgPorts[node]}  ${role}`);
    if (role === "primário") {
      console.log(
        `  replicação: ${psql(layout, node, "SELECT application_name || ' ' || state || ' ' || sync_state FROM pg_stat_replication") || "nenhuma réplica"}`,
      );
    }
  }
  for (const index of [0, 1]) {
    const pid = appPid(layout, index);
    console.log(`Sereno ${index + 1} :${layout.appPorts[index]}  ${pid && isAlive(pid) ? `pid ${pid}` : "parado"}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const layout = clusterLayout();
  const command = process.argv[2] ?? "start";
  try {
    if (command === "start") {
      await startCluster(layout);
      const env = appEnvironment(layout);
      console.log(
        `\n  Sereno em ${layout.url}  (admin: ${env.ADMIN_EMAIL} / ${env.ADMIN_PASSWORD})\n  Métricas em http://127.0.0.1:${layout.metricsPorts[0]}/metrics e :${layout.metricsPorts[1]}/metrics\n  Registros e dados em ${layout.dir}\n  Parar: npm run cluster -- stop\n`,
      );
    } else if (command === "stop") {
      await stopCluster(layout);
      console.log("• Cluster parado e removido");
    } else if (command === "status") {
      status(layout);
    } else if (command === "promote") {
      const standby = psql(layout, 1, "SELECT pg_is_in_recovery()") === "t" ? 1 : 0;
      promote(layout, standby);
      console.log(`• PostgreSQL :${layout.pgPorts[standby]} promovido a primário`);
    } else {
      throw new Error(`comando desconhecido: ${command} (start, stop, status, promote)`);
    }
  } catch (error) {
    console.error(`\n${error.message}`);
    process.exit(1);
  }
}
