import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { riskMessages } from "#core/risk-messages.ts";
import { jobs, riskInvitations } from "#server/db/schema/index.ts";
import { allAnswers, riskCompany } from "#tests/api/risks.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { RISK_REMINDER_JOB } from "./campaign-reminders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const reminderSubject = "Lembrete: pesquisa de riscos psicossociais";
const remindersTo = () => t.mails.filter((mail) => mail.subject === reminderSubject).map((mail) => mail.to);

/** An open campaign of 5 invited people, `answered` of whom have answered. */
async function openCampaign(answered: number) {
  const setup = await riskCompany(t, { large: 5, small: 0 });
  const { manager, campaign, members } = setup;
  await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
  for (const member of members.slice(0, answered)) {
    const response = await member.as({
      method: "POST",
      url: `/api/risks/survey/${campaign.id}`,
      payload: { answers: allAnswers(4) },
    });
    expect(response.statusCode).toBe(201);
  }
  const remind = () => manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/remind`, payload: {} });
  return { ...setup, remind };
}

describe("'Lembrar quem não respondeu' (issue 51, docs/decisions/059)", () => {
  it("answers at once with one enqueued job, whatever the number who answered; the job mails each non-respondent once", async () => {
    const none = await openCampaign(0);
    const three = await openCampaign(3);
    const replies = [];
    for (const setup of [none, three]) {
      const mailsBefore = remindersTo().length;
      const response = await setup.remind();
      replies.push(`${response.statusCode} ${JSON.stringify(response.json())}`);
      // Nothing is mailed inside the request, and no invitation is touched: only the job row is written.
      expect(remindersTo().length).toBe(mailsBefore);
      const reminded = await t.db
        .select({ id: riskInvitations.id })
        .from(riskInvitations)
        .where(sql`${riskInvitations.campaignId} = ${setup.campaign.id} and ${riskInvitations.remindedAt} is not null`);
      expect(reminded).toEqual([]);
      const queued = await t.db
        .select({ key: jobs.key, payload: jobs.payload })
        .from(jobs)
        .where(sql`${jobs.name} = ${RISK_REMINDER_JOB} and ${jobs.key} like ${`${setup.campaign.id}|%`}`);
      expect(queued).toHaveLength(1);
      expect(Object.keys(queued[0]?.payload ?? {}).sort()).toEqual(["campaignId", "requestedAt"]);
    }
    // The same reply for nobody answered and three of five answered.
    expect(replies[0]).toBe(replies[1]);
    expect(replies[0]).toBe(`200 ${JSON.stringify({ message: riskMessages.remindersSent })}`);

    await t.runJobs();
    const respondents = three.members.slice(0, 3).map((m) => m.email);
    const pending = three.members.slice(3).map((m) => m.email);
    const sent = remindersTo();
    for (const email of pending) expect(sent.filter((to) => to === email)).toHaveLength(1);
    for (const email of respondents) expect(sent).not.toContain(email);
    for (const member of none.members) expect(sent.filter((to) => to === member.email)).toHaveLength(1);
    expect(sent).toHaveLength(5 + 2);

    // The job run again (a retry, a lease that ran out) mails nobody a second time.
    await t.db.update(jobs).set({ finishedAt: null, attempts: 0 }).where(eq(jobs.name, RISK_REMINDER_JOB));
    await t.runJobs();
    expect(remindersTo()).toHaveLength(7);

    // A second click the same day enqueues nothing and says so; nobody gets a second reminder.
    const again = await three.remind();
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(riskMessages.reminderAlreadySent);
    await t.runJobs();
    expect(remindersTo()).toHaveLength(7);
  }, 120_000);

  it("sends nothing once the campaign has closed before the job runs", async () => {
    const { manager, campaign, remind } = await openCampaign(1);
    const before = remindersTo().length;
    expect((await remind()).statusCode).toBe(200);
    await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
    await t.runJobs();
    expect(remindersTo().length).toBe(before);
    expect((await remind()).statusCode).toBe(409);
  }, 120_000);
});
