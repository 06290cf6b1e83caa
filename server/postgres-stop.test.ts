/**
 * PostgreSQL stopped for 10 s under load (docs/decisions/018): the real
 * product runs as a child process on a PostgreSQL cluster of its own (the
 * shared one of TEST_DATABASE_URL serves other test files), members keep
 * reading and checking in, `pg_ctl stop` ends every session and refuses new
 * ones, and 10 s later `pg_ctl start` brings it back. While it is down every
 * reply is a pt-BR 503 with Retry-After, within 5 s; /api/health says so; no
 * 500, no reply missing, no 201 for a check-in that was not stored; and the
 * first 2xx comes within 2 s of the database accepting connections again.
 * Twice: a clean stop (`-m fast`: sessions are told, then closed) and a crash
 * (`-m immediate`: sessions die unannounced, start-up runs crash recovery).
 * Runs with TEST_DATABASE_URL, where Debian's PostgreSQL binaries are installed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { openDatabase, rowsOf } from "#server/db/client.ts";
import { type Product, seedMembers, signInAll, startProduct } from "#tests/api/product-process.ts";
import { postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "#tests/api/throwaway-postgres.ts";

/** Each stop gets members of its own: each checks in once a day. */
const MEMBERS_PER_STOP = 20;
const LOOPS = 5;
const OUTAGE_MS = 10_000;

type Reply = {
  kind: "me" | "today" | "check-in" | "health";
  member: number;
  startedAt: number;
  endedAt: number;
  /** 0: no reply at all (connection refused or reset, or nothing within 10 s). */
  status: number;
  retryAfter: string | null;
  body: { error?: { message?: string }; checkIn?: { id: string }; database?: string } | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let dataDir = "";
let cluster: ThrowawayPostgres;
let product: Product | undefined;
let emails: string[] = [];
let cookies: string[] = [];

describe.runIf(process.env.TEST_DATABASE_URL && postgresBin())("PostgreSQL stopped for 10 s under load", () => {
  // One cluster and one product for both stops: the product must come back after the first anyway.
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "sereno-pg-stop-"));
    cluster = await startThrowawayPostgres();
    const seeding = await openDatabase({ kind: "postgres", url: cluster.url, max: 2 });
    emails = (await seedMembers(seeding.db, 2 * MEMBERS_PER_STOP)).emails;
    await seeding.close();
    product = await startProduct({ dataDir, databaseUrl: cluster.url });
    cookies = await signInAll(product.url, emails);
  }, 180_000);
  afterAll(async () => {
    await product?.crash();
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ["fast", 0],
    ["immediate", 1],
  ] as const)(
    "pg_ctl stop -m %s: 503 while it is down, every 201 stored, back within 2 s",
    async (mode, stop) => {
      const url = (product as Product).url;
      const members = Array.from({ length: MEMBERS_PER_STOP }, (_, i) => stop * MEMBERS_PER_STOP + i);
      const replies: Reply[] = [];
      async function call(kind: Reply["kind"], member: number, init: RequestInit & { path: string }) {
        const startedAt = performance.now();
        const response = await fetch(`${url}${init.path}`, {
          ...init,
          headers: { origin: url, cookie: cookies[member] as string, "content-type": "application/json" },
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

      // Each loop is a handful of members: reads, and each member's one check-in of the day until it is stored.
      let isLoading = true;
      const hasCheckedIn = new Set<number>();
      const memberLoop = async (loop: number) => {
        const own = members.filter((member) => member % LOOPS === loop);
        for (let turn = 0; isLoading; turn++) {
          const member = own[turn % own.length] as number;
          const waiting = own.find((candidate) => !hasCheckedIn.has(candidate));
          if (turn % 4 === 1 && waiting !== undefined) {
            const reply = await call("check-in", waiting, {
              path: "/api/check-ins",
              method: "POST",
              body: JSON.stringify({ mood: 3, notes: `durante a queda? ${turn}` }),
            });
            if (reply.status === 201 || reply.status === 409) hasCheckedIn.add(waiting);
          } else if (turn % 2 === 0) await call("me", member, { path: "/api/me" });
          else await call("today", member, { path: "/api/check-ins/today" });
          await sleep(100);
        }
      };
      const healthLoop = async () => {
        while (isLoading) {
          await call("health", 0, { path: "/api/health" });
          await sleep(250);
        }
      };
      const load = Promise.all([...Array.from({ length: LOOPS }, (_, loop) => memberLoop(loop)), healthLoop()]);

      // Steady state first: a few check-ins stored before the database goes away.
      const acknowledgedCount = () => replies.filter((r) => r.kind === "check-in" && r.status === 201).length;
      for (let waited = 0; waited < 15_000 && acknowledgedCount() < 5; waited += 100) await sleep(100);
      const stopAsked = performance.now();
      await cluster.stop(mode);
      const stopped = performance.now();
      await sleep(OUTAGE_MS - (stopped - stopAsked));
      const startAsked = performance.now();
      const starting = cluster.start();
      // 'Back' is when a fresh connection can run a query, probed from outside the product every 25 ms
      // (no backoff of its own, so the probe does not notice late and flatter the recovery time).
      const probe = postgres(cluster.url, { max: 1, connect_timeout: 2, backoff: () => 0, onnotice: () => {} });
      let back = 0;
      while (!back) {
        back = await probe`select 1`.then(() => performance.now()).catch(() => 0);
        if (!back) await sleep(25);
      }
      await starting;
      await probe.end();
      for (let waited = 0; waited < 10_000 && !replies.some((r) => r.endedAt >= back && isSuccess(r)); waited += 50)
        await sleep(50);
      await sleep(2_000);
      isLoading = false;
      await load;

      const rows = await storedCheckIns(cluster.url);
      const down = replies.filter((r) => r.startedAt >= stopped && r.endedAt <= startAsked);
      const firstSuccess = Math.min(...replies.filter((r) => r.endedAt >= back && isSuccess(r)).map((r) => r.endedAt));
      const latencies = replies.map((r) => r.endedAt - r.startedAt);
      const outageLatencies = down.map((r) => r.endedAt - r.startedAt);
      console.info(
        `PostgreSQL stopped (-m ${mode}) ${Math.round(startAsked - stopAsked)} ms: ${replies.length} replies, ${down.length} while down ` +
          `(slowest ${Math.round(Math.max(...outageLatencies))} ms), slowest overall ${Math.round(Math.max(...latencies))} ms, ` +
          `${replies.filter((r) => r.kind === "check-in" && r.status === 201).length} check-ins stored, ` +
          `first 2xx ${Math.round(firstSuccess - back)} ms after the database accepted connections ` +
          `(${Math.round(back - startAsked)} ms after pg_ctl start)`,
      );

      expect(replies.filter((r) => r.status === 0 || r.status >= 500).filter((r) => r.status !== 503)).toEqual([]);
      expect(replies.filter((r) => r.endedAt - r.startedAt >= 5_000)).toEqual([]);
      expect(down.length).toBeGreaterThan(20);
      expect(down.filter((r) => r.status !== 503 || r.retryAfter !== "5")).toEqual([]);
      const healthWhileDown = down.filter((r) => r.kind === "health");
      expect(healthWhileDown.length).toBeGreaterThan(5);
      expect(healthWhileDown.filter((r) => r.body?.database !== "unavailable")).toEqual([]);
      expect(
        down.filter((r) => r.kind !== "health" && r.body?.error?.message !== serverMessages.serviceUnavailable),
      ).toEqual([]);
      // No false 2xx: every acknowledged check-in is in the database, and a 409 means one is.
      const acknowledged = replies.filter((r) => r.kind === "check-in" && r.status === 201);
      expect(acknowledged.length).toBeGreaterThanOrEqual(5);
      expect(acknowledged.filter((r) => rows.get(emails[r.member] as string) !== r.body?.checkIn?.id)).toEqual([]);
      const alreadyDone = replies.filter((r) => r.kind === "check-in" && r.status === 409);
      expect(alreadyDone.filter((r) => !rows.has(emails[r.member] as string))).toEqual([]);
      expect(firstSuccess - back).toBeLessThanOrEqual(2_000);
    },
    120_000,
  );
});

function isSuccess(reply: Reply) {
  return reply.status >= 200 && reply.status < 300 && reply.kind !== "health";
}

/** Each member's stored check-in id, by e-mail. */
async function storedCheckIns(url: string): Promise<Map<string, string>> {
  const database = await openDatabase({ kind: "postgres", url, max: 1 });
  const rows = rowsOf<{ id: string; email: string }>(
    await database.db.execute(sql`
      select p.id, pr.email from user_progress p join profiles pr on pr.user_id = p.user_id
      where p.exercise_id is null`),
  );
  await database.close();
  return new Map(rows.map((row) => [row.email, row.id]));
}
