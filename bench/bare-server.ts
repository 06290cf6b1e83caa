/**
 * The ceilings the product is measured against (docs/decisions/021, issue
 * 37): bare Fastify answering hello, and bare Fastify + postgres.js writing a
 * check-in the cheapest way that still keeps what a check-in must keep: a
 * durable insert into the real `user_progress` table, with all its indexes and
 * its one-a-day rule (ON CONFLICT on the unique (user_id, day) index), the
 * requests that arrive together in one multi-row statement (the same batching
 * as the product, server/db/statement-batch.ts). No session, no rollup, no
 * XP. Started by bench/http.ts on the bench database with the same pool size
 * as the product.
 */
import Fastify from "fastify";
import postgres from "postgres";
import { localDay } from "#core/dates.ts";
import { statementBatch } from "#server/db/statement-batch.ts";

const url = process.env.BENCH_DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !port) throw new Error("BENCH_DATABASE_URL and PORT are required");

const sql = postgres(url, { max: 10, onnotice: () => {} });

type Asked = { userId: string; companyId: string; mood: number; day: string };
type Row = { id: string; user_id: string; day: string; mood: number; completed_at: Date };

/** One statement per batch, in flight two at a time as the product's; a second check-in of a day gets null. */
const batch = statementBatch<Asked, Row | null>(async (asked) => {
  const rows = await sql<Row[]>`
    INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
    SELECT r.user_id, r.company_id::uuid, r.mood, r.day::date, now(), 50
    FROM unnest(${asked.map((a) => a.userId)}::text[], ${asked.map((a) => a.companyId)}::text[],
                ${asked.map((a) => a.mood)}::int[], ${asked.map((a) => a.day)}::text[]) AS r(user_id, company_id, mood, day)
    ON CONFLICT (user_id, day) WHERE exercise_id IS NULL DO NOTHING
    RETURNING id, user_id, day::text, mood, completed_at`;
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return asked.map((a) => byUser.get(a.userId) ?? null);
}, 2);

const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
app.post<{ Body: { mood: number; userId: string; companyId: string } }>("/check-in", async (request, reply) => {
  const { mood, userId, companyId } = request.body;
  const row = await batch.ask({ userId, companyId, mood, day: localDay(new Date(), "America/Sao_Paulo") });
  if (!row) return reply.status(409).send({ code: "CHECKIN_ALREADY_DONE" });
  return reply.status(201).send({ checkIn: row });
});
await app.listen({ host: "127.0.0.1", port });
