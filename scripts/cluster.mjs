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
 * Node modules import it too (tests/cluster/drills.ts), for the same layout. The parts, by what they run:
 * scripts/cluster/layout.mjs (ports and folders), postgres.mjs (the two nodes), apps.mjs (the Sereno
 * processes), haproxy.mjs; this file starts, stops and reports on them together.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { appEnvironment, appPid, isAlive, startApp, stopPid, waitForHealth } from "./cluster/apps.mjs";
import { haproxyBin, startHaproxy } from "./cluster/haproxy.mjs";
import { clusterLayout, isRoot } from "./cluster/layout.mjs";
import { postgresBin, promote, psql, setUpPostgres, stopPostgres } from "./cluster/postgres.mjs";

// What the drills use (tests/cluster/drills.ts, types in cluster.d.mts): one module to import.
export { appPid, startApp, waitForHealth } from "./cluster/apps.mjs";
export { clusterLayout } from "./cluster/layout.mjs";
export { pg, promote, psql, startPostgres, stopPostgres } from "./cluster/postgres.mjs";

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
