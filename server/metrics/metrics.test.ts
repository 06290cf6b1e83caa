import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicAccess } from "#server/features/auth/access.ts";
import { PUBLISH_JOB } from "#server/features/reports/publish-closed-days.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { companyWithManager, createPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";
import { serveMetrics } from "./metrics-server.ts";

const TOKEN = "um-token-de-metricas-bem-longo";

/** One series' value from the text format: `name{labels} value`. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe("/metrics (docs/decisions/065)", () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof serveMetrics>>;
  const clock = testClock("2026-11-23T10:00:00-03:00");
  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
    const response = await fetch(`http://127.0.0.1:${server.port}/metrics`, { headers });
    return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_PORT: "9464" },
      now: clock.now,
      addRoutes: (app) =>
        app.get("/api/test/falha", { config: { access: publicAccess } }, async () => {
          throw new Error("falha de propósito");
        }),
    });
    const registry = t.app.deps.metrics?.registry;
    if (!registry) throw new Error("metrics not made");
    server = await serveMetrics({ registry, port: 0, host: "127.0.0.1", token: TOKEN, log: t.app.log });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it("is not made without METRICS_PORT: requests pay for no series", async () => {
    const plain = await createTestApp();
    expect(plain.app.deps.metrics).toBeUndefined();
    await plain.close();
  });

  it("refuses a scrape without the token, and serves nothing but /metrics", async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: "Bearer errado" })).status).toBe(401);
    const other = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(other.status).toBe(404);
  });

  it("counts requests by route pattern and status, 5xx and latency, never a URL", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    await manager.as({ method: "DELETE", url: `/api/admin/companies/${company.id}` });
    await manager.as({ method: "GET", url: "/api/team/summary" });
    await t.app.inject({ method: "GET", url: "/api/health" });
    expect((await t.app.inject({ method: "GET", url: "/api/test/falha" })).statusCode).toBe(500);
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain("text/plain");
    expect(seriesValue(text, 'sereno_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(seriesValue(text, 'sereno_http_requests_total{method="GET",route="/api/team/summary",status="200"}')).toBe(
      1,
    );
    // The company's id went into the URL; only the pattern is a label.
    expect(text).toContain('route="/api/admin/companies/:id"');
    expect(text).not.toContain(company.id);
    expect(text).not.toContain(company.name);
    expect(text).toContain('sereno_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"}');
    expect(seriesValue(text, 'sereno_http_server_errors_total{route="/api/test/falha"}')).toBe(1);
    expect(text).toContain("sereno_process_cpu_seconds_total");
  });

  it("counts refused sign-ins by way in, without the account", async () => {
    const person = await createPerson(t.db, { name: "Dora" });
    const before = seriesValue(
      await scrape().then((s) => s.text),
      'sereno_sign_in_refusals_total{method="password",status="401"}',
    );
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { email: person.email, password: "nao-e-esta-senha" },
    });
    expect(refused.statusCode).toBe(401);
    const { text } = await scrape();
    expect(seriesValue(text, 'sereno_sign_in_refusals_total{method="password",status="401"}')).toBe((before ?? 0) + 1);
    expect(text).not.toContain(person.email);
    expect(text).not.toContain(person.userId);
  });

  it("reads the job queue, its oldest due job and the failures from the database", async () => {
    await enqueueJob(t.db, { name: "retention", key: "metrics-test", runAt: new Date(clock.now().getTime() - 90_000) });
    const { text } = await scrape();
    expect(seriesValue(text, 'sereno_jobs_queued{job="retention"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, "sereno_jobs_oldest_due_age_seconds")).toBeGreaterThanOrEqual(90);
    expect(seriesValue(text, "sereno_database_up")).toBe(1);
    expect(seriesValue(text, "sereno_db_probe_seconds")).toBeGreaterThan(0);
  });

  it("says how late publishing is, and 0 once the closed days are published", async () => {
    const late = seriesValue((await scrape()).text, "sereno_publishing_lag_seconds") ?? 0;
    // Companies made on TEST_EPOCH have 35 closed days unpublished: the oldest ended 34 days ago or more.
    expect(late).toBeGreaterThan(34 * 86_400);
    await enqueueJob(t.db, { name: PUBLISH_JOB, key: "metrics-test", runAt: clock.now() });
    // Each run enqueues its continuation a millisecond later: step the runner's clock past it.
    for (let run = 1; run <= 30; run++) {
      const { finished } = await t.runJobs(new Date(clock.now().getTime() + run * 1_000));
      if (finished === 0) break;
    }
    expect(seriesValue((await scrape()).text, "sereno_publishing_lag_seconds")).toBe(0);
  });

  it("counts mails the transport refused, and the mail still fails for its caller", async () => {
    const failing = await createTestApp({
      env: { METRICS_PORT: "9464" },
      mailer: { send: () => Promise.reject(new Error("smtp down")), drain: async () => {} },
    });
    const metrics = failing.app.deps.metrics;
    await expect(
      failing.app.deps.mailer.send({ to: "a@b.com.br", subject: "s", html: "", text: "" }),
    ).rejects.toThrow();
    expect(seriesValue((await metrics?.registry.metrics()) ?? "", "sereno_mail_failures_total")).toBe(1);
    await failing.close();
  });

  it("deploy/'s alerts and dashboard read only series this module makes", async () => {
    const names = new Set((await t.app.deps.metrics?.registry.getMetricsAsJSON())?.map((metric) => metric.name));
    for (const file of ["deploy/prometheus-alerts.yml", "deploy/grafana-dashboard.json"]) {
      const used = [...readFileSync(file, "utf8").matchAll(/sereno_[a-z0-9_]+/g)].map((match) => match[0]);
      expect(used.length).toBeGreaterThan(5);
      for (const series of used)
        expect(names, `${file}: ${series}`).toContain(series.replace(/_(bucket|sum|count)$/, ""));
    }
  });
});
