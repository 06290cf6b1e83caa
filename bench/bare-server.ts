/**
 * The ceiling the product is measured against (docs/decisions/021): bare
 * Fastify answering hello, and bare Fastify + postgres.js inserting a row
 * comparable to a check-in (same columns, same table shape, no session, no
 * rules). Started by bench/http.ts on the bench database with the same pool
 * size as the product.
 */
import Fastify from "fastify";
import postgres from "postgres";

const url = process.env.BENCH_DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !port) throw new Error("BENCH_DATABASE_URL and PORT are required");

const sql = postgres(url, { max: 10, onnotice: () => {} });
await sql`CREATE TABLE IF NOT EXISTS bare_check_ins (LIKE user_progress INCLUDING DEFAULTS)`;

const app = Fastify({ logger: false });
app.get("/hello", async () => ({ hello: "world" }));
app.post<{ Body: { mood: number; userId: string } }>("/check-in", async (request, reply) => {
  const { mood, userId } = request.body;
  const [row] = await sql`
    INSERT INTO bare_check_ins (user_id, mood, day, completed_at, xp_earned)
    VALUES (${userId}, ${mood}, current_date, now(), 10)
    RETURNING id, day, mood, completed_at`;
  return reply.status(201).send({ checkIn: row });
});
await app.listen({ host: "127.0.0.1", port });
