/**
 * `curl /metrics` around a drill's load (issue 49 item 4): one process's Prometheus scrape before and after,
 * and the series that moved, printed side by side. Reads the text format with a few lines of parsing: a
 * sample is `name{labels} value`, comments start with '#'.
 */
import { loadavg } from "node:os";

type Samples = Map<string, number>;

/** The families an operator watches in the drill (docs/decisions/065): the rest (process, GC) are left out. */
const WATCHED = [
  "sereno_http_requests_total",
  "sereno_http_request_duration_seconds_count",
  "sereno_http_server_errors_total",
  "sereno_jobs_queued",
  "sereno_jobs_oldest_due_age_seconds",
  "sereno_jobs_failed_24h",
  "sereno_publishing_lag_seconds",
  "sereno_db_connections",
  "sereno_db_probe_seconds",
  "sereno_mail_failures_total",
  "sereno_sign_in_refusals_total",
];

export async function scrape(port: number): Promise<Samples> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
  if (response.status !== 200) throw new Error(`/metrics on :${port} answered ${response.status}`);
  const samples: Samples = new Map();
  for (const line of (await response.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

const familyOf = (series: string) => series.split("{")[0] as string;

/** The watched series whose value changed (or appeared), busiest first within each family; how many moved. */
export function printMoving(title: string, before: Samples, after: Samples, perFamily = 6): number {
  const [one, five] = loadavg();
  console.log(`  /metrics ${title} (load average ${one?.toFixed(2)} / ${five?.toFixed(2)}):`);
  let moved = 0;
  for (const family of WATCHED) {
    const changes = [...after]
      .filter(([series]) => familyOf(series) === family)
      .map(([series, value]) => ({ series, from: before.get(series) ?? 0, to: value }))
      .filter((change) => change.from !== change.to)
      .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from));
    moved += changes.length;
    for (const change of changes.slice(0, perFamily)) {
      const round = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(3));
      console.log(`    ${change.series}  ${round(change.from)} → ${round(change.to)}`);
    }
    if (changes.length > perFamily) console.log(`    … ${changes.length - perFamily} more ${family} series moved`);
  }
  return moved;
}
