/**
 * Where the cluster of `npm run cluster` lives (scripts/cluster.mjs, docs/decisions/073): its ports and folders
 * from the environment, and the repository's deploy/ files it runs from.
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const deployDir = path.join(root, "deploy");
export const isRoot = process.getuid?.() === 0;

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
