/**
 * What an operator watches, in Prometheus's text format (docs/decisions/065),
 * through prom-client: requests by route pattern and status with their
 * latency, 5xx, sign-in refusals and mail failures counted as they happen;
 * the job queue, publishing lag and the database pool read from the database
 * at each scrape. No label holds a person's id, an e-mail or a company's
 * name: routes are Fastify's patterns (`/api/companies/:id`), never URLs.
 * Edit when a series is added; say it in the decision record and deploy/.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { APPLICATION_NAME, type Db, rowsOf } from "#server/db/client.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";

/** Each way in, by the path its refusal answers on (a 4xx, or a redirect back to /login with an error). */
const SIGN_IN_PATHS: Record<string, string> = {
  "/api/auth/sign-in/email": "password",
  "/api/auth/magic-link/verify": "link",
  "/api/passkeys/sign-in": "passkey",
  "/api/activation/code/complete": "activation",
  "/api/recovery/complete": "recovery",
  "/api/sso/oidc/callback": "sso",
  "/api/sso/saml/:companyId/acs": "sso",
};

/** Closed days this far back count toward the publishing lag: a whole history being caught up is not 'late'. */
const LAG_WINDOW_DAYS = 35;

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(options: {
  db: Db;
  /** The app's jobs, read at each scrape (they are made after the mailer this module wraps). */
  jobs: () => readonly JobDefinition[];
  /** The app's clock: closed days and due jobs by the same 'now' as the jobs that publish and run them. */
  now: () => Date;
  poolSize?: number;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "sereno_" });
  const { db } = options;

  const requests = new Counter({
    name: "sereno_http_requests_total",
    help: "Requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "sereno_http_request_duration_seconds",
    help: "Time to answer a request, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: "sereno_http_server_errors_total",
    help: "Requests answered with a 5xx, by route pattern",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const signInRefusals = new Counter({
    name: "sereno_sign_in_refusals_total",
    help: "Sign-ins refused (wrong password, expired link, limit reached, SSO refused), by way in and status",
    labelNames: ["method", "status"] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: "sereno_mail_failures_total",
    help: "Mails the transport refused or could not send",
    registers: [registry],
  });

  // The database-side series share one read per scrape: Prometheus scrapes every 15 s or so.
  // A database that cannot be read reads 0 in its series and says so in sereno_database_up; the request
  // counters, which show the outage's 503s, are still scraped.
  // prom-client starts every series' collect in one tick: the first starts the read, the others share it.
  let reading: Promise<DatabaseSnapshot | null> | undefined;
  const read = () => {
    reading ??= readSnapshot(db, options.jobs(), options.now())
      .catch(() => null)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: "sereno_database_up",
    help: "1 when this process read the database at this scrape, else 0",
    registers: [registry],
    async collect() {
      this.set((await read()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "sereno_jobs_queued",
    help: "Jobs due and not yet run, by job (jobs that follow one person's private act are left out)",
    labelNames: ["job"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const job of (await read())?.jobs ?? []) this.set({ job: job.name }, job.queued);
    },
  });
  new Gauge({
    name: "sereno_jobs_oldest_due_age_seconds",
    help: "How long the oldest due job has waited (0 when none waits)",
    registers: [registry],
    async collect() {
      this.reset();
      const value = (await read())?.oldestDueAgeSeconds;
      if (value !== undefined) this.set(value);
    },
  });
  new Gauge({
    name: "sereno_jobs_failed_24h",
    help: "Jobs that failed for good in the last 24 hours, by job",
    labelNames: ["job"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const job of (await read())?.jobs ?? []) this.set({ job: job.name }, job.failed);
    },
  });
  new Gauge({
    name: "sereno_publishing_lag_seconds",
    help: "Since the end of the oldest closed day (last 35) that is not published yet, over all companies; 0 when none",
    registers: [registry],
    async collect() {
      this.reset();
      const value = (await read())?.publishingLagSeconds;
      if (value !== undefined) this.set(value);
    },
  });
  new Gauge({
    name: "sereno_db_probe_seconds",
    help: "A trivial query through this process's pool at scrape: it waits behind busy connections",
    registers: [registry],
    async collect() {
      this.reset();
      const value = (await read())?.probeSeconds;
      if (value !== undefined) this.set(value);
    },
  });
  new Gauge({
    name: "sereno_db_connections",
    help: "PostgreSQL connections of this process's pool, by state (PostgreSQL only)",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [state, count] of Object.entries((await read())?.connections ?? {})) this.set({ state }, count);
    },
  });
  if (options.poolSize) {
    new Gauge({
      name: "sereno_db_pool_max",
      help: "Connections this process may open (DATABASE_POOL_SIZE)",
      registers: [registry],
    }).set(options.poolSize);
  }

  return {
    registry,
    /** From the app's onResponse hook: one request answered. */
    observe(request: FastifyRequest, reply: FastifyReply) {
      const route = request.routeOptions.url ?? "(sem rota)";
      const status = reply.statusCode;
      requests.inc({ method: request.method, route, status: String(status) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      if (status >= 500) serverErrors.inc({ route });
      const way = SIGN_IN_PATHS[route === "/api/auth/*" ? (request.url.split("?")[0] ?? "") : route];
      const location = String(reply.getHeader("location") ?? "");
      if (way && ((status >= 400 && status < 500) || (status >= 300 && status < 400 && location.includes("erro=")))) {
        signInRefusals.inc({ method: way, status: String(status) });
      }
    },
    /** The mailer whose failures are counted; mails go on exactly as before. */
    countMailFailures(mailer: Mailer): Mailer {
      return {
        send: (mail) =>
          mailer.send(mail).catch((error: unknown) => {
            mailFailures.inc();
            throw error;
          }),
        drain: () => mailer.drain(),
      };
    },
  };
}

type DatabaseSnapshot = {
  jobs: { name: string; queued: number; failed: number }[];
  oldestDueAgeSeconds: number;
  publishingLagSeconds: number;
  probeSeconds: number;
  connections: Record<string, number>;
};

async function readSnapshot(db: Db, definitions: readonly JobDefinition[], now: Date): Promise<DatabaseSnapshot> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  const probeSeconds = (performance.now() - started) / 1000;
  const at = now.toISOString();
  // A reminder of one booking is queued by that person's act: /admin hides its queue too (job-health.ts).
  const hidden = definitions.filter((definition) => definition.followsPeople).map((definition) => definition.name);
  const hiddenList = hidden.length
    ? sql.join(
        hidden.map((name) => sql`${name}`),
        sql`, `,
      )
    : sql`''`;
  const [jobRows, lagRows, connectionRows] = await Promise.all([
    db.execute(sql`
      SELECT name,
        count(*) FILTER (WHERE finished_at IS NULL AND failed_at IS NULL AND run_at <= ${at}::timestamptz
          AND name NOT IN (${hiddenList}))::int AS queued,
        extract(epoch FROM ${at}::timestamptz - min(run_at) FILTER (WHERE finished_at IS NULL AND failed_at IS NULL
          AND run_at <= ${at}::timestamptz AND name NOT IN (${hiddenList})))::float8 AS oldest_due,
        count(*) FILTER (WHERE failed_at > ${at}::timestamptz - interval '24 hours')::int AS failed
      FROM jobs GROUP BY name`),
    db.execute(sql`
      SELECT coalesce(max(extract(epoch FROM ${at}::timestamptz - ((oldest + 1)::timestamp AT TIME ZONE c.timezone))), 0)::float8 AS lag
      FROM companies c
      CROSS JOIN LATERAL (
        SELECT min(d::date) AS oldest
        FROM generate_series(
          greatest((c.created_at AT TIME ZONE c.timezone)::date, (${at}::timestamptz AT TIME ZONE c.timezone)::date - ${LAG_WINDOW_DAYS}::int),
          (${at}::timestamptz AT TIME ZONE c.timezone)::date - 1, interval '1 day') AS d
        WHERE NOT EXISTS (SELECT 1 FROM published_daily_buckets b WHERE b.company_id = c.id AND b.day = d::date)
      ) missing
      WHERE missing.oldest IS NOT NULL`),
    db.execute(sql`
      SELECT state, count(*)::int AS count FROM pg_stat_activity
      WHERE backend_type = 'client backend' AND application_name = ${APPLICATION_NAME}
      GROUP BY state`),
  ]);
  const jobs = rowsOf<{ name: string; queued: number; oldest_due: number | null; failed: number }>(jobRows);
  return {
    jobs: jobs
      .filter((job) => !hidden.includes(job.name) || job.failed > 0)
      .map((job) => ({
        name: job.name,
        queued: hidden.includes(job.name) ? 0 : job.queued,
        failed: job.failed,
      })),
    oldestDueAgeSeconds: Math.max(0, ...jobs.map((job) => job.oldest_due ?? 0)),
    publishingLagSeconds: Math.max(0, rowsOf<{ lag: number }>(lagRows)[0]?.lag ?? 0),
    probeSeconds,
    connections: Object.fromEntries(
      rowsOf<{ state: string | null; count: number }>(connectionRows).map((row) => [row.state ?? "unknown", row.count]),
    ),
  };
}
