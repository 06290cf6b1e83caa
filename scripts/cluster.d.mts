/** Types of scripts/cluster.mjs (and the scripts/cluster/*.mjs it re-exports) for its drills (tests/cluster/drills.ts). */
export type ClusterLayout = {
  dir: string;
  haproxyPort: number;
  appPorts: [number, number];
  statsPort: number;
  /** Each process's /metrics, on 127.0.0.1. */
  metricsPorts: [number, number];
  pgPorts: [number, number];
  pgDirs: [string, string];
  dataDir: string;
  databaseUrl: string;
  url: string;
};
export function clusterLayout(env?: Record<string, string | undefined>): ClusterLayout;
export function startCluster(layout?: ClusterLayout, options?: { quiet?: boolean }): Promise<ClusterLayout>;
export function stopCluster(layout?: ClusterLayout, options?: { keepFiles?: boolean }): Promise<void>;
export function startApp(layout: ClusterLayout, index: 0 | 1, extraEnv?: Record<string, string>): number;
export function appPid(layout: ClusterLayout, index: 0 | 1): number | null;
export function waitForHealth(url: string, timeoutMs?: number): Promise<void>;
export function startPostgres(layout: ClusterLayout, node: 0 | 1): void;
export function stopPostgres(layout: ClusterLayout, node: 0 | 1, mode?: "fast" | "immediate"): void;
export function promote(layout: ClusterLayout, node: 0 | 1): void;
export function psql(layout: ClusterLayout, node: 0 | 1, statement: string | string[], database?: string): string;
