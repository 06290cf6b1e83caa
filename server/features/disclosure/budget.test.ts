/**
 * Each person's budget over a rolling year (docs/decisions/040, "Budget"):
 * the counted limits leave a person out of what goes past them, and the
 * member reads their own year in /api/me/privacy.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yearlyBudget } from "#core/disclosure.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import {
  groupSessionFeedback,
  groupSessionFeedbackGiven,
  groupSessionRegistrations,
  groupSessions,
  riskCampaigns,
  riskInvitations,
} from "#server/db/schema/index.ts";
import { allAnswers, riskCompany } from "#tests/api/risks.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { withinGroupSessionBudget } from "./budget.ts";

let t: TestApp;
const clock = testClock("2026-11-24T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t?.close());

const DAY = 86_400_000;
const daysBefore = (days: number) => new Date(clock.now().getTime() - days * DAY);

type Company = Awaited<ReturnType<typeof riskCompany>>;

/** Past campaigns the person answered, begun `daysAgo` days before now. */
async function answeredCampaigns(fixture: Company, userId: string, daysAgo: number[]) {
  for (const [index, days] of daysAgo.entries()) {
    const [campaign] = await t.db
      .insert(riskCampaigns)
      .values({
        companyId: fixture.company.id,
        establishmentId: fixture.establishment.id,
        title: `Pesquisa anterior ${index + 1}`,
        instrumentId: "copsoq-ii-br-curta",
        sectorIds: [fixture.large.id],
        status: "published",
        closesOn: "2026-01-01",
        notice: "Pesquisa anônima.",
        createdAt: daysBefore(days),
      })
      .returning({ id: riskCampaigns.id });
    if (!campaign) throw new Error("no campaign");
    await t.db
      .insert(riskInvitations)
      .values({ campaignId: campaign.id, userId, sectorId: fixture.large.id, hasAnswered: true });
  }
}

/** Support groups of the company, one a week back from `daysAgo`, with the person registered in each. */
async function supportGroups(fixture: Company, userId: string, count: number, firstDaysAgo: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await t.db
      .insert(groupSessions)
      .values({
        audience: "company",
        companyId: fixture.company.id,
        kind: "support_group",
        title: `Grupo ${i + 1}`,
        description: "Encontro",
        facilitatorName: "Renata Prado",
        startsAt: daysBefore(firstDaysAgo - i * 7),
        durationMinutes: 60,
        capacity: 10,
        modality: "online",
        location: "https://meet.exemplo.com.br/sala",
        createdAt: daysBefore(firstDaysAgo + 30),
      })
      .returning({ id: groupSessions.id });
    if (!row) throw new Error("no session");
    ids.push(row.id);
    await t.db.insert(groupSessionRegistrations).values({ sessionId: row.id, userId, status: "attended" });
  }
  return ids;
}

describe("each person's budget over a rolling year", () => {
  it("NR-1: after 4 questionnaires in 12 months a fifth is neither asked for nor kept; an older one does not count", async () => {
    const fixture = await riskCompany(t, { large: 5, small: 0 });
    const [full, older, fresh] = fixture.members;
    if (!full || !older || !fresh) throw new Error("no members");
    await answeredCampaigns(fixture, full.userId, [300, 200, 100, 30]);
    // Four too, but the first began 400 days ago: three count.
    await answeredCampaigns(fixture, older.userId, [400, 200, 100, 30]);
    const opened = await fixture.manager.as({
      method: "POST",
      url: `/api/risks/campaigns/${fixture.campaign.id}/open`,
      payload: {},
    });
    expect(opened.statusCode, opened.body).toBe(200);

    const asked = await full.as({ method: "GET", url: "/api/risks/survey" });
    expect(asked.json()).toEqual({ survey: null });
    const refused = await full.as({
      method: "POST",
      url: `/api/risks/survey/${fixture.campaign.id}`,
      payload: { answers: allAnswers(4) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(riskMessages.surveyYearLimit);

    for (const person of [older, fresh]) {
      const survey = await person.as({ method: "GET", url: "/api/risks/survey" });
      expect(survey.json().survey?.id).toBe(fixture.campaign.id);
      const answered = await person.as({
        method: "POST",
        url: `/api/risks/survey/${fixture.campaign.id}`,
        payload: { answers: allAnswers(4) },
      });
      expect(answered.statusCode, answered.body).toBe(201);
    }

    const privacy = await full.as({ method: "GET", url: "/api/me/privacy" });
    expect(privacy.json().budget).toContainEqual({ line: "riskCampaigns", used: 4, limit: 4 });
    const olderPrivacy = await older.as({ method: "GET", url: "/api/me/privacy" });
    expect(olderPrivacy.json().budget).toContainEqual({ line: "riskCampaigns", used: 4, limit: 4 });
  });

  it("support groups: past 52 in a year a person leaves the counts, and a 53rd rating is thanked and not kept", async () => {
    const fixture = await riskCompany(t, { large: 2, small: 0 });
    const [regular, occasional] = fixture.members;
    if (!regular || !occasional) throw new Error("no members");
    const limit = yearlyBudget.groupSessions.limit;
    // One a week for a year, the last this morning (ended, so open for feedback).
    const regulars = await supportGroups(fixture, regular.userId, limit + 1, limit * 7);
    const today = regulars.at(-1);
    if (!today) throw new Error("no session");
    await t.db
      .insert(groupSessionRegistrations)
      .values({ sessionId: today, userId: occasional.userId, status: "attended" });
    // Set up after both joined (so both count in its figures), begun three hours ago.
    await t.db
      .update(groupSessions)
      .set({ startsAt: new Date(clock.now().getTime() - 3 * 3_600_000), createdAt: new Date() })
      .where(sql`${groupSessions.id} = ${today}`);

    const counted = rowsOf<{ user_id: string }>(
      await t.db.execute(sql`
        SELECT r.user_id FROM group_session_registrations r JOIN group_sessions s ON s.id = r.session_id
        WHERE s.id = ${today} AND ${withinGroupSessionBudget(sql`r`, sql`s`)}`),
    );
    expect(counted.map((row) => row.user_id)).toEqual([occasional.userId]);

    // 52 earlier sessions rated: the 53rd rating is thanked, said to be outside the figures, and not kept.
    await t.db
      .insert(groupSessionFeedbackGiven)
      .values(regulars.slice(0, limit).map((sessionId) => ({ sessionId, userId: regular.userId })));
    const before = await t.db.$count(groupSessionFeedback);
    const rated = await regular.as({
      method: "POST",
      url: `/api/group-sessions/${today}/feedback`,
      payload: { rating: 2, comment: "" },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json().message).toMatch(/não entra nos números da empresa/);
    expect(await t.db.$count(groupSessionFeedback)).toBe(before);
    const again = await regular.as({
      method: "POST",
      url: `/api/group-sessions/${today}/feedback`,
      payload: { rating: 2, comment: "" },
    });
    expect(again.statusCode).toBe(409);

    const other = await occasional.as({
      method: "POST",
      url: `/api/group-sessions/${today}/feedback`,
      payload: { rating: 5, comment: "" },
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().message).not.toMatch(/não entra/);
    expect(await t.db.$count(groupSessionFeedback)).toBe(before + 1);

    const privacy = await regular.as({ method: "GET", url: "/api/me/privacy" });
    expect(privacy.json().budget).toEqual(
      expect.arrayContaining([
        { line: "groupSessions", used: limit + 1, limit },
        { line: "groupRatings", used: limit + 1, limit: yearlyBudget.groupRatings.limit },
      ]),
    );
  });

  it("the member's year counts their check-in days and nothing of a colleague's", async () => {
    const fixture = await riskCompany(t, { large: 2, small: 0 });
    const [member, colleague] = fixture.members;
    if (!member || !colleague) throw new Error("no members");
    for (const person of [member, colleague]) {
      const checkIn = await person.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } });
      expect(checkIn.statusCode, checkIn.body).toBe(201);
    }
    // Resultados' lines: a member since 20/08 is in the closes of September, October and November.
    await t.db.execute(sql`UPDATE company_memberships SET joined_at = '2026-08-20T12:00:00-03:00'
      WHERE user_id = ${member.userId}`);
    const privacy = await member.as({ method: "GET", url: "/api/me/privacy" });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.json().budget).toEqual([
      { line: "checkInDays", used: 1, limit: 365 },
      { line: "riskCampaigns", used: 0, limit: 4 },
      { line: "groupSessions", used: 0, limit: 52 },
      { line: "groupRatings", used: 0, limit: 52 },
      { line: "careMonths", used: 0, limit: 12 },
      { line: "memberMonths", used: 3, limit: 12 },
      { line: "who5Quarters", used: 0, limit: 4 },
      { line: "careQuarters", used: 0, limit: 4 },
    ]);
  });

  it("the member's year counts the quarters with a WHO-5 answer, once each, and none older than a year", async () => {
    const fixture = await riskCompany(t, { large: 1, small: 0 });
    const [member] = fixture.members;
    if (!member) throw new Error("no members");
    for (const at of [
      "2025-10-01T12:00:00-03:00",
      "2026-05-10T12:00:00-03:00",
      "2026-10-10T12:00:00-03:00",
      "2026-10-20T12:00:00-03:00",
    ])
      await t.db.execute(sql`INSERT INTO who5_answers (user_id, item1, item2, item3, item4, item5, score, answered_at)
        VALUES (${member.userId}, 3, 3, 3, 3, 3, 60, ${at}::timestamptz)`);
    const privacy = await member.as({ method: "GET", url: "/api/me/privacy" });
    expect(privacy.json().budget).toContainEqual({ line: "who5Quarters", used: 2, limit: 4 });
  });
});
