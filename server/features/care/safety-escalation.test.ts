/**
 * docs/decisions/080, 102: a safety alert (PHQ-9 item 9 above 0) the psychologist has not
 * acknowledged SAFETY_ESCALATION_HOURS after the answer goes to the platform's admins, by the
 * job runner, once, audited without a company; the e-mail names the psychologist and nothing
 * of the person; the agenda shows it was escalated. Acknowledged in time, nothing is sent.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SAFETY_ESCALATION_HOURS } from "#core/care.ts";
import { auditLog, careSettings } from "#server/db/schema/index.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { book, sp } from "#tests/api/care-calls.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { SAFETY_ESCALATION_JOB, SAFETY_ESCALATION_SUBJECT } from "./safety-escalation.ts";

const ANSWERED = "2026-11-23T08:00:00-03:00";
const clock = testClock(ANSWERED);
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
let company: Awaited<ReturnType<typeof companyWithManager>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  company = await companyWithManager(t.app, t.db, { name: "Empresa Sigilosa" });
  await t.db.insert(careSettings).values({ companyId: company.company.id, sessionsPerCycle: 20, cycle: "month" });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const escalations = (at: string) =>
  runDueJobs({
    db: t.db,
    definitions: t.app.deps.jobs.filter((job) => job.name === SAFETY_ESCALATION_JOB),
    now: new Date(at),
  });

async function alertFor(psychologistName: string, memberName: string) {
  clock.set(ANSWERED);
  const psi = await verifiedPsychologist(t, admin.as, { name: psychologistName });
  const member = await signedInPerson(t.app, t.db, { companyId: company.company.id, name: memberName });
  expect((await book(member.as, psi.id, sp("2026-11-24", "09:00"))).statusCode).toBe(201);
  const sent = await member.as({
    method: "POST",
    url: "/api/care/measures",
    payload: { psychologistId: psi.id, instrument: "phq9", answers: [1, 1, 1, 1, 1, 1, 1, 1, 2], difficulty: 1 },
  });
  expect(sent.json().safetyPath).toBe(true);
  return { psi, member, measureId: sent.json().measure.id as string };
}

it(`an alert unacknowledged ${SAFETY_ESCALATION_HOURS} hours later goes to the admins, once, and the agenda says so`, async () => {
  const { psi, measureId } = await alertFor("Paula Prado", "Joana Segredo");
  const before = t.mails.length;
  await escalations("2026-11-23T11:59:00-03:00");
  expect(t.mails.length).toBe(before);

  await escalations("2026-11-23T12:00:00-03:00");
  const mails = t.mails.slice(before);
  expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[admin.email, SAFETY_ESCALATION_SUBJECT]]);
  const text = `${mails[0]?.subject} ${mails[0]?.text} ${mails[0]?.html}`;
  expect(text).toContain("Paula Prado");
  for (const secret of ["Joana", "Segredo", "Empresa Sigilosa", "PHQ", "item", "ferir", "pontua"]) {
    expect(text, secret).not.toContain(secret);
  }
  expect(mails.some((mail) => mail.to === company.manager.email)).toBe(false);

  const [alert] = (await psi.as({ url: "/api/care/measures/alerts" })).json();
  expect(alert).toMatchObject({ id: measureId, escalatedAt: new Date("2026-11-23T12:00:00-03:00").toISOString() });
  const audited = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "care-measure.escalate"), eq(auditLog.targetId, psi.id)));
  expect(audited).toHaveLength(1);
  expect(audited[0]?.companyId).toBeNull();

  // Run again: still one e-mail.
  await escalations("2026-11-23T18:00:00-03:00");
  expect(t.mails.length).toBe(before + 1);
});

it("an alert acknowledged in time is not escalated", async () => {
  const { psi, measureId } = await alertFor("Renata Rocha", "Carla Calma");
  clock.set("2026-11-23T09:00:00-03:00");
  expect((await psi.as({ method: "POST", url: `/api/care/measures/${measureId}/acknowledge` })).statusCode).toBe(200);
  const before = t.mails.length;
  await escalations("2026-11-23T12:30:00-03:00");
  expect(t.mails.slice(before).filter((mail) => mail.subject === SAFETY_ESCALATION_SUBJECT)).toEqual([]);
});
