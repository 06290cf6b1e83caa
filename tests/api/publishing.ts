/**
 * Reports in API tests as the product serves them (issue 37): a read of closed
 * days not yet published answers with the others, says how many are being
 * prepared, and enqueues the publishing job for its company; main.ts's runner
 * runs that job when the read rings its bell. Tests do what the runner does.
 */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { PUBLISH_JOB, publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import type { TestApp } from "./test-app.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** Runs the publishing job's due runs (a reader's wake-up, its continuations) until none is due. */
export async function runPublishing(t: TestApp): Promise<number> {
  const definitions = t.app.deps.jobs.filter((job) => job.name === PUBLISH_JOB);
  let runs = 0;
  // A continuation is due a millisecond after the run that left it: the runner's next tick.
  for (let tick = 0; tick < 100; tick++) {
    const { finished, failed } = await runDueJobs({
      db: t.db,
      definitions,
      now: new Date(t.app.deps.now().getTime() + tick),
    });
    if (failed > 0) throw new Error("the publishing job failed");
    if (finished === 0) return runs;
    runs += finished;
  }
  throw new Error("the publishing job never caught up");
}

/** The job for one company, as its wake-up runs it, without a read first. */
export const publishCompany = (t: TestApp, companyId: string) =>
  publishClosedDays(t.db, t.app.deps.privacyKey, t.app.deps.now(), t.app.deps.env.PRIVACY_MIN_GROUP, {
    companyId,
    budgetMs: 600_000,
  });

/**
 * GETs `url` (a report, the summary or the insights) once every closed day is published: when the
 * first answer says days are being prepared, the job the read woke runs, and the second answer
 * must be complete.
 */
export async function readPublished(t: TestApp, as: As, url: string): Promise<LightMyRequestResponse> {
  const first = await as({ method: "GET", url });
  if (first.statusCode !== 200 || first.json().preparingDays === 0) return first;
  expect(await runPublishing(t)).toBeGreaterThan(0);
  const second = await as({ method: "GET", url });
  expect(second.json().preparingDays).toBe(0);
  return second;
}
