/** Calls the care tests share (issue 31): São Paulo wall times, booking as someone, and running only care's jobs. */
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { Credits } from "#core/schemas/care.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import type { TestApp } from "./test-app.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** The instant of a wall time in São Paulo (UTC−3 all year since 2019), as the API writes it. */
export const sp = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`).toISOString();

export const book = (as: As, psychologistId: string, startsAt: string) =>
  as({ method: "POST", url: "/api/care/appointments", payload: { psychologistId, startsAt, acceptTerms: true } });

export const cancel = (as: As, id: string) => as({ method: "POST", url: `/api/care/appointments/${id}/cancel` });

export const reschedule = (as: As, id: string, startsAt: string) =>
  as({ method: "POST", url: `/api/care/appointments/${id}/reschedule`, payload: { startsAt, acceptTerms: true } });

export const creditsOf = async (as: As) => (await as({ url: "/api/care/credits" })).json() as Credits;

/** The free slots a member is offered for one psychologist on one São Paulo day. */
export async function slotsOn(as: As, psychologistId: string, day: string): Promise<string[]> {
  const page = (await as({ url: `/api/care/psychologists/${psychologistId}` })).json() as {
    slots: { startsAt: string }[];
  };
  const from = Date.parse(sp(day, "00:00"));
  return page.slots
    .map((slot) => slot.startsAt)
    .filter((startsAt) => Date.parse(startsAt) >= from && Date.parse(startsAt) < from + 86_400_000);
}

const CARE_JOBS = new Set(["care-reminder", "care-paused", "verification-warning"]);

/** Runs the care jobs due at `at` and no other: the daily jobs would run too at a clock far from their day. */
export const runCareJobs = (t: TestApp, at: Date) =>
  runDueJobs({ db: t.db, definitions: t.app.deps.jobs.filter((job) => CARE_JOBS.has(job.name)), now: at });
