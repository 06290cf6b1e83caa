/**
 * Resultados at scale (issue 47 item 7, docs/decisions/097): on bench/scale.ts's 50,000-member company with a
 * year of check-ins, four quarters of WHO-5 (60 % answer each quarter, under the WHO-5 consent) and 5,000 care
 * journeys (50 psychologists; 1 to 8 sessions held; PHQ-9 and GAD-7 before the first session and, from the
 * fifth, after it) seeded with generate_series. Then the publishing job (`publish-resultados`) over every
 * company, and what a manager's first read costs once it ran: the page's figures (≤ 1 s) and the PDF (≤ 5 s).
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { localDay } from "#core/dates.ts";
import { closedQuartersSince, quarterStartDay } from "#core/resultados.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { publishResultados } from "#server/features/resultados/publish-resultados.ts";
import { readResultados } from "#server/features/resultados/read-resultados.ts";
import { resultadosPdf } from "#server/features/resultados/resultados-documents.ts";
import { median } from "./load.ts";

type Judge = (label: string, goal: string, pass: boolean, detail: string) => void;
type Company = { id: string; name: string; timezone: string; createdAt: Date; memberCount?: number };

export const CARE_JOURNEYS = Number(process.env.BENCH_CARE_JOURNEYS ?? 5_000);
const PSYCHOLOGISTS = 50;

/** WHO-5 for 60 % of the members in each of the last four closed quarters, and the care journeys. */
export async function seedOutcomes(db: Db, company: Company, now: Date): Promise<void> {
  const today = localDay(now, company.timezone);
  const quarters = closedQuartersSince(today, localDay(company.createdAt, company.timezone), 4);
  await db.execute(sql`
    INSERT INTO who5_consent_events (user_id, kind, version, at)
    SELECT p.user_id, 'given', '1', ${company.createdAt.toISOString()}::timestamptz + interval '1 day'
    FROM profiles p WHERE p.company_id = ${company.id} AND abs(hashtext(p.user_id)) % 10 < 8`);
  for (const [index, quarter] of quarters.entries()) {
    // Mid-quarter, at noon in São Paulo; items from the person's hash, a little better each quarter.
    const at = `${quarterStartDay(quarter)}T12:00:00-03:00`;
    await db.execute(sql`
      INSERT INTO who5_answers (user_id, item1, item2, item3, item4, item5, score, answered_at)
      SELECT user_id, i1, i2, i3, i4, i5, 4 * (i1 + i2 + i3 + i4 + i5),
             ${at}::timestamptz + interval '45 days' + (abs(hashtext(user_id)) % 600) * interval '1 minute'
      FROM (
        SELECT p.user_id,
          least(5, (abs(hashtext(p.user_id || '1')) % 5) + ${index % 2}) AS i1,
          (abs(hashtext(p.user_id || '2')) % 6) AS i2,
          (abs(hashtext(p.user_id || '3')) % 6) AS i3,
          least(5, (abs(hashtext(p.user_id || '4')) % 5) + ${index % 2}) AS i4,
          (abs(hashtext(p.user_id || '5')) % 6) AS i5
        FROM profiles p WHERE p.company_id = ${company.id} AND abs(hashtext(p.user_id || ${quarter})) % 10 < 6
      ) items`);
  }
  await db.execute(sql`
    INSERT INTO psychologists (email, full_name, crp_number, crp_uf, epsi_confirmed_on, status)
    SELECT 'psi' || g || '@bench.test', 'Psicóloga ' || g, '06/' || (100000 + g), 'SP', current_date, 'verified'
    FROM generate_series(1, ${PSYCHOLOGISTS}) g`);
  // Journey j: the j-th member, psychologist j % 50, asked j × 89 minutes after the history's start plus a
  // week's wait at most, sessions a week apart (89 and the week's 10,080 minutes never meet on one agenda).
  await db.execute(sql`
    WITH journeys AS (
      SELECT p.user_id, (row_number() OVER (ORDER BY p.user_id))::int - 1 AS j FROM profiles p
      WHERE p.company_id = ${company.id} ORDER BY p.user_id LIMIT ${CARE_JOURNEYS}
    ), psychologist AS (
      SELECT id, (row_number() OVER (ORDER BY email))::int - 1 AS n FROM psychologists WHERE email LIKE '%@bench.test'
    ), sessions AS (
      SELECT j.user_id, ps.id AS psychologist_id, s,
        ${company.createdAt.toISOString()}::timestamptz + interval '7 days' + j.j * interval '89 minutes'
          + s * interval '7 days' AS starts_at,
        ${company.createdAt.toISOString()}::timestamptz + j.j * interval '89 minutes'
          + (j.j % 7) * interval '1 day' AS asked
      FROM journeys j JOIN psychologist ps ON ps.n = j.j % ${PSYCHOLOGISTS},
        generate_series(0, j.j % 8) s
    )
    INSERT INTO appointments (psychologist_id, member_id, company_id, starts_at, ends_at, status, created_at)
    SELECT psychologist_id, user_id, ${company.id}::uuid, starts_at, starts_at + interval '50 minutes',
      CASE WHEN starts_at < ${now.toISOString()}::timestamptz THEN 'held' ELSE 'booked' END, asked
    FROM sessions`);
  // PHQ-9 (9 items) and GAD-7 (7) before the first session; again after the fourth held, for longer journeys.
  await db.execute(sql`
    WITH firsts AS (
      SELECT member_id, psychologist_id, min(starts_at) AS first, count(*) AS held FROM appointments
      WHERE company_id = ${company.id} GROUP BY member_id, psychologist_id
    ), windows AS (
      SELECT member_id, psychologist_id, 0 AS window, first - interval '1 day' AS at, 2 AS level FROM firsts
      UNION ALL
      SELECT member_id, psychologist_id, 1, first + interval '29 days', 1 FROM firsts WHERE held >= 5
    ), instruments AS (SELECT * FROM (VALUES ('phq9', 9), ('gad7', 7)) AS i(instrument, items))
    INSERT INTO care_measures (member_id, psychologist_id, instrument, "window", answers, score, created_at)
    SELECT w.member_id, w.psychologist_id, i.instrument, w.window, a.answers, a.score, w.at
    FROM windows w CROSS JOIN instruments i
    CROSS JOIN LATERAL (
      SELECT jsonb_agg(v ORDER BY k) AS answers, sum(v)::int AS score FROM (
        SELECT k, least(3, w.level + (abs(hashtext(w.member_id || i.instrument || k)) % 2)) AS v
        FROM generate_series(1, i.items) k) item
    ) a`);
}

/** The job over every company, then the big company's first reads: judged against issue 47's targets. */
export async function benchResultados(
  db: Db,
  privacyKey: Buffer,
  company: Company,
  now: Date,
  judge: Judge,
): Promise<void> {
  const people = (company.memberCount ?? 0).toLocaleString("en-US");
  let started = performance.now();
  const job = await publishResultados(db, privacyKey, now, 5);
  const jobMs = performance.now() - started;
  judge(
    `Resultados publishing job, ${job.companies} companies`,
    "one nightly run",
    job.released > 0 && jobMs <= 15 * 60_000,
    `${job.released} windows released in ${(jobMs / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  const first = await readResultados(db, privacyKey, company, now, 5);
  const firstMs = performance.now() - started;
  const shown = {
    who5: first.wellbeing.filter((row) => row.who5.shown).length,
    care: first.care.filter((row) => row.sessionsPerPerson.shown).length,
  };
  judge(
    `Resultados first read, ${people} people`,
    "≤ 1000 ms, figures shown",
    firstMs <= 1000 && shown.who5 > 0 && shown.care > 0,
    `${firstMs.toFixed(0)} ms (${first.adoption.length} months; WHO-5 shown in ${shown.who5} of ` +
      `${first.wellbeing.length} quarters, care in ${shown.care} of ${first.care.length})`,
  );
  const times: number[] = [];
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    pdf = await resultadosPdf(await readResultados(db, privacyKey, company, now, 5), "02/12/2026");
    times.push(performance.now() - started);
  }
  judge(
    `Resultados PDF, ${people} people`,
    "≤ 5000 ms",
    Math.max(...times) <= 5000 && pdf.subarray(0, 5).toString() === "%PDF-",
    `median ${median(times).toFixed(0)} ms (max ${Math.max(...times).toFixed(0)} ms, ${Math.round(pdf.length / 1024)} KB)`,
  );
  const [seeded] = rowsOf<{ answers: number; held: number }>(
    await db.execute(sql`SELECT (SELECT count(*)::int FROM who5_answers) AS answers,
      (SELECT count(*)::int FROM appointments WHERE company_id = ${company.id} AND status = 'held') AS held`),
  );
  console.log(
    `     (${seeded?.answers ?? 0} WHO-5 answers; ${seeded?.held ?? 0} sessions held in ${CARE_JOURNEYS} journeys)`,
  );
}
