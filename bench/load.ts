/**
 * The HTTP benchmark's tools: start a server process and wait for its first
 * 200, drive it with autocannon, and take medians over rounds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";

export const CONNECTIONS = 50;
/** What production requires of the built server (docs/running.md), with the bench's fixed secrets. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  SSO_ENCRYPTION_KEY: "0123456789abcdef".repeat(4),
};
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export type Server = { url: string; child: ChildProcess; startupMs: number; stop: () => Promise<void> };

/** Spawns `node args…` and resolves at the first 200 from `probe`. */
export async function startServer(
  args: string[],
  env: Record<string, string>,
  port: number,
  probe: string,
): Promise<Server> {
  const started = performance.now();
  // BENCH_PROFILE=<folder>: each server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => child.kill()); // a failed bench leaves no server behind
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    const ok = await fetch(url + probe).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const startupMs = performance.now() - started;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, child, startupMs, stop };
}

/** CPU time a process has used so far, user and system, in ms (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The processes of a PostgreSQL server on this machine: its postmaster (first line of postmaster.pid in
 * its data directory) and every process it started. Empty when the server runs elsewhere or the file
 * cannot be read: then its CPU cannot be measured from here.
 */
export function postgresPids(dataDirectory: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDirectory, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return [];
  }
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's pid is the 2nd field after the command's closing parenthesis.
        return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]) === postmaster;
      } catch {
        return false; // ended while we looked
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** CPU used so far by a set of processes, in ms; one that has ended counts 0 (sample before and after a run). */
export function cpuMsOf(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum;
    }
  }, 0);
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

export type Load = {
  url: string;
  method?: "GET" | "POST";
  /** A new value per request, e.g. a rotating bearer token and body. */
  next?: (n: number) => { authorization?: string; body?: unknown };
  /** A fixed number of requests instead of SECONDS of load. */
  amount?: number;
  /** Offered load in requests per second over all connections (autocannon's overallRate); as fast as it can without. */
  rate?: number;
};

/** `failures` counts non-2xx, errors and timeouts, and a run that completed nothing. */
export type Measure = { rps: number; requests: number; p99: number; p97_5: number; failures: number };

export async function drive({ url, method = "GET", next, amount, rate }: Load): Promise<Measure> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    // autocannon notices the end of a run at its next sample: every second by default, which
    // rounded a 2.2 s run of 10,000 check-ins up to 3 s (the ceiling's figure fell by a quarter).
    sampleInt: 50,
    ...(amount ? { amount } : { duration: SECONDS }),
    ...(rate ? { overallRate: Math.max(1, Math.round(rate)) } : {}),
    requests: [
      {
        method,
        setupRequest: (request) => {
          const value = next?.(n++) ?? {};
          const headers = { ...request.headers };
          if (value.authorization) headers.authorization = value.authorization;
          if (value.body !== undefined) headers["content-type"] = "application/json";
          return { ...request, headers, body: value.body === undefined ? undefined : JSON.stringify(value.body) };
        },
      },
    ],
  });
  if (process.env.BENCH_DEBUG)
    console.log(url, JSON.stringify({ rps: result.requests.total / result.duration, ...result.latency }));
  return {
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    p99: result.latency.p99,
    p97_5: result.latency.p97_5,
    failures: result.non2xx + result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Spread of rounds as (max − min) / median, in percent. */
export function spread(values: number[]): number {
  return ((Math.max(...values) - Math.min(...values)) / median(values)) * 100;
}
