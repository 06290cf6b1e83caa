import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { auditLog, jobs } from "#server/db/schema/index.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-23T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const admin = () => signedInPerson(t.app, t.db, { role: "admin" });

describe("/api/admin/jobs", () => {
  it("is for admins only", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db);
    for (const person of [manager, member]) {
      expect((await person.as({ method: "GET", url: "/api/admin/jobs" })).statusCode).toBe(403);
      expect((await person.as({ method: "POST", url: "/api/admin/jobs/retention/run" })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/jobs" })).statusCode).toBe(401);
  });

  it("shows last run, next run, failures and the last error, without keys or payloads", async () => {
    const definitions = t.app.deps.jobs;
    await scheduleDailyJobs(t.db, definitions, clock.now());
    await runDueJobs({ db: t.db, definitions, now: clock.now() });
    // A reminder that gave up after its last attempt.
    await t.db.insert(jobs).values({
      name: "reminder",
      key: "pessoa-secreta|2026-11-20",
      runAt: new Date("2026-11-20T12:30:00Z"),
      attempts: 5,
      lastError: "Error: connect ECONNREFUSED",
      failedAt: new Date("2026-11-20T13:00:00Z"),
    });
    const person = await admin();
    const response = await person.as({ method: "GET", url: "/api/admin/jobs" });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("pessoa-secreta");
    const list = response.json() as Array<Record<string, unknown>>;
    expect(list.map((job) => job.name)).toEqual([
      "retention",
      "reminders",
      "reminder",
      "reminder-fallback",
      "weekly-digest",
      "digest",
      "publish-closed-days",
      "group-session-reminders",
      "group-session-draws",
      "group-session-mail",
      "care-reminder",
      "care-paused",
      "care-safety-alert",
      "care-safety-escalation",
      "care-credit-grants",
      "verification-sweep",
      "verification-warning",
      "risk-campaign-reminders",
      "risk-campaigns-close",
      "risk-responses-flush",
      "risk-inventory-retention",
      "invite-mail",
      "roster-import",
      "roster-leaver-mail",
      "listening-retention",
      "listening-notices",
      "who5-nudges",
      "who5-nudge",
      "publish-resultados",
      "whatsapp-reminder",
      "whatsapp-reply",
      "msteams-reminder",
      "msteams-card-replace",
    ]);
    const [retention, sweep, reminder] = list;
    expect(retention).toMatchObject({
      label: "Retenção de dados",
      schedule: "Todo dia às 03:00 (America/Sao_Paulo)",
      canRunNow: true,
      lastRunAt: "2026-11-23T13:00:00.000Z",
      nextRunAt: "2026-11-24T06:00:00.000Z",
      failures: 0,
      lastError: null,
    });
    expect(sweep).toMatchObject({ schedule: "A cada minuto", lastRunAt: "2026-11-23T13:00:00.000Z" });
    expect(sweep?.nextRunAt).toBe("2026-11-23T13:01:00.000Z");
    expect(reminder).toMatchObject({
      canRunNow: false,
      failures: 1,
      lastError: { at: "2026-11-20T13:00:00.000Z", message: "Error: connect ECONNREFUSED" },
    });
  });

  it("'Executar agora' enqueues one run due now, audited, without moving the schedule", async () => {
    const person = await admin();
    clock.set("2026-11-23T15:00:00-03:00");
    const response = await person.as({ method: "POST", url: "/api/admin/jobs/retention/run" });
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe("Pronto: a tarefa vai rodar em até 30 segundos.");
    expect(await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() })).toMatchObject({
      failed: 0,
    });
    const rows = await t.db.select().from(jobs).where(eq(jobs.name, "retention"));
    expect(rows.filter((row) => row.key.startsWith("manual:") && row.finishedAt)).toHaveLength(1);
    // Still exactly one occurrence a day: today's (done) and tomorrow's.
    expect(
      rows
        .filter((row) => !row.key.startsWith("manual:"))
        .map((row) => row.key)
        .sort(),
    ).toEqual(["2026-11-23", "2026-11-24"]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "job.run"));
    expect(audit).toMatchObject({ actorUserId: person.userId, targetId: "retention" });
  });

  it("refuses an unknown job and a per-person job, in pt-BR", async () => {
    const person = await admin();
    const unknown = await person.as({ method: "POST", url: "/api/admin/jobs/nada/run" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Tarefa não encontrada.");
    const perPerson = await person.as({ method: "POST", url: "/api/admin/jobs/reminder/run" });
    expect(perPerson.statusCode).toBe(400);
    expect(perPerson.json().error.message).toContain("não pode ser executada agora");
    const [{ n } = { n: -1 }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE key LIKE 'manual:%' AND name = 'reminder'`),
    );
    expect(n).toBe(0);
  });
});
