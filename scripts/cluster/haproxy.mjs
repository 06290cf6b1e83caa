/** HAProxy in front of the cluster's two processes, with deploy/haproxy.cfg as an operator runs it (docs/decisions/073). */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { deployDir } from "./layout.mjs";

/** The haproxy program, or null when it is not installed. */
export function haproxyBin() {
  const found = spawnSync("bash", ["-c", "command -v haproxy"]).stdout?.toString().trim();
  return found || (existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : null);
}

/** HAProxy as a daemon on the layout's port, its pid in the cluster's folder. */
export function startHaproxy(layout) {
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
