/**
 * `npm run test:cluster`: fault drills on the cluster of `npm run cluster` (docs/decisions/073), each
 * under a steady load of members checking in and reading their day and a manager reading the team's
 * summary, through HAProxy. Each prints what it measured and fails on a broken promise:
 *   1. kill -9 of one Sereno process: HAProxy takes it out within 2 s, no acknowledged check-in lost,
 *      no wrong answer, no failed request once it is out;
 *   2. rolling restart of both (SIGTERM, wait, start): 0 failed requests;
 *   3. the primary stopped and the standby promoted: no acknowledged check-in lost, only 503 with
 *      Retry-After (never 500) while there is no primary, check-ins stored again within 30 s through
 *      the multi-host DATABASE_URL (target_session_attrs=primary);
 *   4. a job running in a process that is killed (an invitation's e-mail, held by the SMTP server until
 *      the kill) is taken by the other process once its lease runs out, and the mail arrives once;
 *   5. the synchronous standby stopped: how long a check-in waits, what /api/health says, how soon writes are
 *      quick again once it is back (docs/decisions/099);
 *   6. a publishing run killed in the middle is finished by the other process, each day published once and as
 *      a run never killed publishes it (publishing-drill.ts), with process 2's /metrics scraped before, during
 *      and after (the series that moved are printed).
 * A wrong answer is a 5xx other than a 502/503/504 without a reply, a 201 for a check-in that is not
 * stored, a 409 ('already checked in') for one that is not, or an unexpected status.
 * Ports: CLUSTER_PORT (8090: 8090–8096, +4 the SMTP server, +5 and +6 the processes' /metrics) and
 * CLUSTER_PG_PORT (5443: 5443–5444).
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { serverMessages } from "#core/server-messages.ts";
import { openDatabase, rowsOf } from "#server/db/client.ts";
import { INVITE_MAIL_JOB } from "#server/features/invites/invites.ts";
import { seedMembers, signInAll } from "#tests/api/product-process.ts";
import { createPerson } from "#tests/api/sessions.ts";
import {
  appPid,
  clusterLayout,
  promote,
  psql,
  startApp,
  startCluster,
  startPostgres,
  stopCluster,
  stopPostgres,
  waitForHealth,
} from "../../scripts/cluster.mjs";
import { printMoving, scrape } from "./metrics-scrape.ts";
import { type DrillKit, publishingDrill } from "./publishing-drill.ts";

const layout = clusterLayout({
  ...process.env,
  CLUSTER_PORT: process.env.CLUSTER_PORT ?? "8090",
  CLUSTER_PG_PORT: process.env.CLUSTER_PG_PORT ?? "5443",
});
const MEMBERS_PER_DRILL = 60;
const smtpPort = layout.haproxyPort + 4;
const LOOPS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nodeUrl = (node: number) => `postgres://postgres@127.0.0.1:${layout.pgPorts[node]}/sereno`;

type Reply = {
  kind: "check-in" | "today" | "summary";
  member: number;
  startedAt: number;
  endedAt: number;
  /** 0: no reply (connection refused or reset, or nothing within 10 s). */
  status: number;
  retryAfter: string | null;
  body: { error?: { message?: string }; checkIn?: { id: string } } | null;
};

type Figures = {
  drill: string;
  requests: number;
  acknowledged: number;
  lost: number;
  wrong: number;
  failed: number;
  recoverySeconds: number | null;
};

let emails: string[] = [];
let cookies: string[] = [];
let managerCookie = "";

/** The steady load on `members` until `stop()`: each member checks in once (again after a failure), reads go on. */
function startLoad(members: number[]) {
  const replies: Reply[] = [];
  const stored = new Set<number>();
  let running = true;
  async function call(kind: Reply["kind"], member: number, path: string, init: RequestInit = {}) {
    const startedAt = performance.now();
    const cookie = kind === "summary" ? managerCookie : (cookies[member] as string);
    const response = await fetch(`${layout.url}${path}`, {
      ...init,
      headers: { origin: layout.url, cookie, "content-type": "application/json" },
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    const body = response ? ((await response.json().catch(() => null)) as Reply["body"]) : null;
    const reply: Reply = {
      kind,
      member,
      startedAt,
      endedAt: performance.now(),
      status: response?.status ?? 0,
      retryAfter: response?.headers.get("retry-after") ?? null,
      body,
    };
    replies.push(reply);
    return reply;
  }
  const loop = async (loop: number) => {
    const own = members.filter((member) => member % LOOPS === loop);
    for (let turn = 0; running; turn++) {
      const waiting = own.find((member) => !stored.has(member));
      if (turn % 3 === 0 && waiting !== undefined) {
        const reply = await call("check-in", waiting, "/api/check-ins", {
          method: "POST",
          body: JSON.stringify({ mood: 4, notes: `simulado ${turn}` }),
        });
        if (reply.status === 201 || reply.status === 409) stored.add(waiting);
      } else if (turn % 3 === 1) {
        await call("today", own[turn % own.length] as number, "/api/check-ins/today");
      } else {
        await call("summary", -1, "/api/team/summary");
      }
      await sleep(40);
    }
  };
  const done = Promise.all(Array.from({ length: LOOPS }, (_, i) => loop(i)));
  return {
    replies,
    acknowledged: () => replies.filter((r) => r.kind === "check-in" && r.status === 201).length,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** Each member's stored check-in id, read from the node that is the primary now. */
async function storedCheckIns(node: number): Promise<Map<string, string>> {
  const database = await openDatabase({ kind: "postgres", url: nodeUrl(node), max: 1 });
  const rows = rowsOf<{ id: string; email: string }>(
    await database.db.execute(sql`
      select p.id, pr.email from user_progress p join profiles pr on pr.user_id = p.user_id
      where p.exercise_id is null`),
  );
  await database.close();
  return new Map(rows.map((row) => [row.email, row.id]));
}

const isFailure = (r: Reply) => r.status === 0 || r.status === 502 || r.status === 503 || r.status === 504;

/** Lost and wrong answers of a drill's replies, against what the primary `node` holds. */
async function tally(drill: string, replies: Reply[], node: number, recoverySeconds: number | null) {
  const rows = await storedCheckIns(node);
  const acknowledged = replies.filter((r) => r.kind === "check-in" && r.status === 201);
  const lost = acknowledged.filter((r) => rows.get(emails[r.member] as string) !== r.body?.checkIn?.id);
  const expected = (r: Reply) =>
    r.kind === "check-in" ? [201, 409].includes(r.status) : r.status === 200 || isFailure(r);
  const wrong = replies.filter(
    (r) =>
      (!expected(r) && !isFailure(r)) ||
      (r.kind === "check-in" && r.status === 409 && !rows.has(emails[r.member] as string)),
  );
  const figures: Figures = {
    drill,
    requests: replies.length,
    acknowledged: acknowledged.length,
    lost: lost.length,
    wrong: wrong.length,
    failed: replies.filter(isFailure).length,
    recoverySeconds,
  };
  console.log(
    `${drill}: ${figures.requests} requests, ${figures.acknowledged} acknowledged check-ins, ${figures.lost} lost, ` +
      `${figures.wrong} wrong answers, ${figures.failed} failed (${describeFailures(replies)})` +
      (recoverySeconds === null ? "" : `, ${recoverySeconds.toFixed(2)} s to recover`),
  );
  if (wrong.length > 0) console.log("  wrong:", wrong.slice(0, 5));
  return figures;
}

function describeFailures(replies: Reply[]) {
  const counts = new Map<string, number>();
  for (const r of replies.filter(isFailure)) {
    const what = `${r.status || "no reply"} to ${r.kind}`;
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  return [...counts].map(([what, n]) => `${n}× ${what}`).join(", ") || "none";
}

/** HAProxy's view of a process, from its stats CSV: 'UP', 'DOWN', 'UP 1/2'… */
async function haproxyStatus(server: "app1" | "app2"): Promise<string> {
  const csv = await (await fetch(`http://127.0.0.1:${layout.statsPort}/stats;csv`)).text();
  const [header, ...lines] = csv.split("\n");
  const columns = (header as string).replace(/^# /, "").split(",");
  const row = lines.map((line) => line.split(",")).find((cells) => cells[0] === "sereno_app" && cells[1] === server);
  return row?.[columns.indexOf("status")] ?? "?";
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
  return performance.now() - started;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function steady(load: ReturnType<typeof startLoad>, checkIns: number) {
  await waitFor("steady load", async () => load.acknowledged() >= checkIns, 30_000);
}

async function killDrill(members: number[]) {
  const load = startLoad(members);
  await steady(load, 5);
  const pid = appPid(layout, 0) as number;
  const killedAt = performance.now();
  process.kill(pid, "SIGKILL");
  const outMs = await waitFor(
    "HAProxy marks app1 down",
    async () => (await haproxyStatus("app1")).startsWith("DOWN"),
    10_000,
  );
  await sleep(3_000);
  startApp(layout, 0);
  await waitForHealth(`http://127.0.0.1:${layout.appPorts[0]}`);
  await waitFor("HAProxy marks app1 up", async () => (await haproxyStatus("app1")) === "UP", 10_000);
  await sleep(1_000);
  await load.stop();
  const figures = await tally("kill -9 of one process", load.replies, 0, outMs / 1000);
  const lateFailures = load.replies.filter((r) => isFailure(r) && r.startedAt > killedAt + 2_000);
  assert.ok(outMs <= 2_000, `HAProxy took ${Math.round(outMs)} ms to take the killed process out`);
  assert.equal(lateFailures.length, 0, "failed requests after HAProxy took the process out");
  return figures;
}

async function rollingRestartDrill(members: number[]) {
  const load = startLoad(members);
  await steady(load, 5);
  const started = performance.now();
  for (const index of [0, 1] as const) {
    const pid = appPid(layout, index) as number;
    process.kill(pid, "SIGTERM");
    await waitFor(`app${index + 1} exits`, async () => !isAlive(pid), 30_000);
    startApp(layout, index);
    await waitForHealth(`http://127.0.0.1:${layout.appPorts[index]}`);
    const server = index === 0 ? "app1" : "app2";
    await waitFor(`HAProxy marks ${server} up`, async () => (await haproxyStatus(server)) === "UP", 10_000);
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(1_000);
  await load.stop();
  const figures = await tally("rolling restart of both", load.replies, 0, seconds);
  return figures;
}

async function failoverDrill(members: number[]) {
  const load = startLoad(members);
  await steady(load, 5);
  const stoppedAt = performance.now();
  stopPostgres(layout, 0, "fast");
  // No primary for a while: what people see then.
  await sleep(3_000);
  const promotedAt = performance.now();
  promote(layout, 1);
  const backMs = await waitFor(
    "a check-in stored after the promotion",
    async () => load.replies.some((r) => r.kind === "check-in" && r.status === 201 && r.startedAt > promotedAt),
    30_000,
  );
  await sleep(2_000);
  await load.stop();
  const rto = (promotedAt + backMs - stoppedAt) / 1000;
  const figures = await tally("primary stopped, standby promoted", load.replies, 1, rto);
  const outage = load.replies.filter((r) => isFailure(r));
  assert.deepEqual(
    outage.filter(
      (r) => r.status !== 503 || r.retryAfter !== "5" || r.body?.error?.message !== serverMessages.serviceUnavailable,
    ),
    [],
    "while there is no primary, every failed reply is the pt-BR 503 with Retry-After",
  );
  assert.ok(rto <= 30, `service back ${rto.toFixed(1)} s after the primary stopped`);
  console.log(
    `  ${((promotedAt - stoppedAt) / 1000).toFixed(1)} s without a primary, check-ins stored again ${(backMs / 1000).toFixed(2)} s after the promotion`,
  );
  return figures;
}

/**
 * An SMTP server that acknowledges every message except the first one to `heldFor`, which it never
 * answers: the process sending it is killed while it waits. Counts only acknowledged (sent) messages.
 */
async function startHoldingSmtp(heldFor: string) {
  const sent: string[] = [];
  /** The Message-ID of the held copy and of the one sent after the kill: the same message (docs/decisions/099). */
  const messageIds = { held: "", sent: "" };
  let isHolding = false;
  let onHold = () => {};
  const held = new Promise<void>((resolve) => {
    onHold = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let text = "";
      stream.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const messageId = text.match(/^Message-ID:\s*(\S+)/im)?.[1] ?? "";
        if (to.includes(heldFor) && !isHolding) {
          isHolding = true;
          messageIds.held = messageId;
          onHold();
          return; // never answered: the sender dies first
        }
        if (to.includes(heldFor)) messageIds.sent = messageId;
        sent.push(...to);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, "127.0.0.1", () => resolve()));
  return { sent, held, messageIds, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function jobDrill(members: number[], smtp: Awaited<ReturnType<typeof startHoldingSmtp>>, invited: string) {
  const load = startLoad(members);
  await steady(load, 5);
  // Sent to process 1 itself (not through HAProxy), so its runner, rung by the request, takes the job.
  const app1 = `http://127.0.0.1:${layout.appPorts[0]}`;
  const response = await fetch(`${app1}/api/team/invites`, {
    method: "POST",
    headers: { origin: layout.url, cookie: managerCookie, "content-type": "application/json" },
    body: JSON.stringify({ name: "Convidada do Simulado", email: invited }),
  });
  assert.equal(response.status, 201, await response.text());
  await Promise.race([
    smtp.held,
    sleep(20_000).then(() => {
      throw new Error("the invitation's e-mail never reached the SMTP server");
    }),
  ]);
  process.kill(appPid(layout, 0) as number, "SIGKILL");
  // The lease (LEASE_MS, 1 min) runs out, the other process's next poll (every 30 s) takes the job.
  const deliveredMs = await waitFor(
    "the invitation's e-mail sent by the other process",
    async () => smtp.sent.includes(invited),
    150_000,
  );
  await sleep(2_000);
  startApp(layout, 0);
  await waitForHealth(app1);
  await waitFor("HAProxy marks app1 up", async () => (await haproxyStatus("app1")) === "UP", 10_000);
  await load.stop();
  const database = await openDatabase({ kind: "postgres", url: nodeUrl(1), max: 1 });
  const [job] = rowsOf<{ attempts: number; finished: boolean }>(
    await database.db.execute(sql`
      select attempts, finished_at is not null as finished from jobs
      where name = ${INVITE_MAIL_JOB} and payload->>'inviteId' = (select id::text from invites where email = ${invited})`),
  );
  await database.close();
  const figures = await tally("a job in the killed process", load.replies, 1, deliveredMs / 1000);
  const copies = smtp.sent.filter((to) => to === invited).length;
  console.log(
    `  the invitation's e-mail: ${copies} sent, job finished ${job?.finished} after ${job?.attempts} attempts, ` +
      `${(deliveredMs / 1000).toFixed(1)} s after the kill, Message-ID ${smtp.messageIds.sent} ` +
      `(${smtp.messageIds.sent === smtp.messageIds.held ? "the same as" : "unlike"} the copy held at the kill)`,
  );
  assert.equal(copies, 1, "the invitation's e-mail is sent exactly once");
  assert.ok(smtp.messageIds.held.startsWith("<job-"), "the mail carries its job's Message-ID");
  assert.equal(smtp.messageIds.sent, smtp.messageIds.held, "the copy sent after the kill is the same message");
  assert.deepEqual(job, { attempts: 2, finished: true });
  return figures;
}

/** Process `index` started again (with `env` over the cluster's), healthy and back in HAProxy. */
async function startProcess(index: 0 | 1, env: Record<string, string> = {}) {
  startApp(layout, index, env);
  await waitForHealth(`http://127.0.0.1:${layout.appPorts[index]}`);
  const server = index === 0 ? "app1" : "app2";
  await waitFor(`HAProxy marks ${server} up`, async () => (await haproxyStatus(server)) === "UP", 10_000);
}

async function stopProcess(index: 0 | 1, signal: "SIGTERM" | "SIGKILL") {
  const pid = appPid(layout, index) as number;
  process.kill(pid, signal);
  await waitFor(`app${index + 1} exits`, async () => !isAlive(pid), 30_000);
}

async function checkIn(member: number) {
  const startedAt = performance.now();
  const response = await fetch(`${layout.url}/api/check-ins`, {
    method: "POST",
    headers: { origin: layout.url, cookie: cookies[member] as string, "content-type": "application/json" },
    body: JSON.stringify({ mood: 3 }),
    signal: AbortSignal.timeout(70_000),
  }).catch(() => null);
  return { status: response?.status ?? 0, seconds: (performance.now() - startedAt) / 1000 };
}

const health = async () =>
  (await (await fetch(`http://127.0.0.1:${layout.appPorts[0]}/api/health`)).json()) as {
    status: string;
    synchronousStandby: string | null;
  };

/** The synchronous standby stopped (a crash), then started again: what a write and /api/health do meanwhile. */
async function standbyDrill(members: number[]) {
  const [first, second, third] = members as [number, number, number];
  assert.deepEqual(await health(), { ...(await health()), status: "ok", synchronousStandby: "ok" });
  stopPostgres(layout, 1, "immediate");
  const waiting = checkIn(first);
  await sleep(2_000);
  const during = await health();
  const down = await waiting;
  const stored = (await storedCheckIns(0)).has(emails[first] as string);
  const backAt = performance.now();
  startPostgres(layout, 1);
  const syncMs = await waitFor(
    "the standby in sync again",
    async () => psql(layout, 0, "SELECT sync_state FROM pg_stat_replication") === "sync",
    60_000,
  );
  const after = await health();
  const [again, next] = [await checkIn(second), await checkIn(third)];
  console.log(
    `synchronous standby stopped: a check-in waited ${down.seconds.toFixed(1)} s and was answered ${down.status} ` +
      `(${stored ? "stored on the primary alone" : "not stored"}); /api/health meanwhile: ${during.status}, ` +
      `standby ${during.synchronousStandby}; standby back in sync ${((performance.now() - backAt) / 1000).toFixed(1)} s ` +
      `after its start (${(syncMs / 1000).toFixed(1)} s waiting), then /api/health ${after.status} and check-ins in ` +
      `${again.seconds.toFixed(2)} s and ${next.seconds.toFixed(2)} s (${again.status}, ${next.status})`,
  );
  assert.equal(during.status, "degraded", "/api/health says 'degraded' while the standby is missing");
  assert.equal(during.synchronousStandby, "missing");
  assert.equal(after.synchronousStandby, "ok");
  assert.ok(again.status === 201 && again.seconds < 5, "writes are quick again once the standby is back");
  return { waitedSeconds: down.seconds, status: down.status };
}

async function publishingUnderLoad(members: number[]) {
  const load = startLoad(members);
  await steady(load, 5);
  const metricsPort = layout.metricsPorts[1] as number;
  const before = await scrape(metricsPort);
  let during = before;
  const kit: DrillKit = {
    layout,
    primaryUrl: nodeUrl(1),
    startProcess,
    stopProcess,
    waitFor,
    sleep,
    onKilled: async () => {
      during = await scrape(metricsPort);
    },
  };
  const result = await publishingDrill(kit);
  await sleep(1_000);
  await load.stop();
  const after = await scrape(metricsPort);
  printMoving("of process 2 from before the drill's load to the kill", before, during);
  const moved = printMoving("of process 2 from the kill to after the load", during, after);
  assert.ok(moved > 0, "the watched series moved");
  return tally("a publishing run in the killed process", load.replies, 1, result.seconds);
}

const started = performance.now();
let status = 0;
try {
  console.log(`• Cluster on ${layout.url} (${layout.dir})`);
  const invited = "convidada.simulado@falhas.exemplo.com.br";
  const smtp = await startHoldingSmtp(invited);
  // The processes send mail to the SMTP server above (scripts/cluster.mjs passes the environment on).
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  await startCluster(layout);
  const seeding = await openDatabase({ kind: "postgres", url: nodeUrl(0), max: 2 });
  const seeded = await seedMembers(seeding.db, 6 * MEMBERS_PER_DRILL);
  emails = seeded.emails;
  const manager = await createPerson(seeding.db, { role: "manager", companyId: seeded.companyId });
  await seeding.close();
  [managerCookie = "", ...cookies] = await signInAll(layout.url, [manager.email, ...emails]);
  const drillMembers = (drill: number) =>
    Array.from({ length: MEMBERS_PER_DRILL }, (_, i) => drill * MEMBERS_PER_DRILL + i);
  const results: Figures[] = [];
  results.push(await killDrill(drillMembers(0)));
  results.push(await rollingRestartDrill(drillMembers(1)));
  const standby = await standbyDrill(drillMembers(5));
  results.push(await failoverDrill(drillMembers(2)));
  results.push(await jobDrill(drillMembers(3), smtp, invited));
  results.push(await publishingUnderLoad(drillMembers(4)));
  await smtp.close();
  console.table(results);
  console.log(`A write waited ${standby.waitedSeconds.toFixed(1)} s (${standby.status}) while the standby was down`);
  for (const figures of results) {
    assert.equal(figures.lost, 0, `${figures.drill}: acknowledged check-ins lost`);
    assert.equal(figures.wrong, 0, `${figures.drill}: wrong answers`);
  }
  assert.equal(results[1]?.failed, 0, "rolling restart: failed requests");
  console.log(`\nAll drills passed in ${Math.round((performance.now() - started) / 1000)} s`);
} catch (error) {
  console.error(error);
  console.error(`\nThe logs stay in ${layout.dir} (CLUSTER_KEEP=1 keeps the cluster running too)`);
  status = 1;
} finally {
  // After a failure the logs stay for reading; CLUSTER_KEEP=1 leaves everything running.
  if (process.env.CLUSTER_KEEP !== "1") await stopCluster(layout, { keepFiles: status !== 0 }).catch(() => {});
}
process.exit(status);
