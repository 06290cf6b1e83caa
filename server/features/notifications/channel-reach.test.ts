import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { msteamsAccounts, userProgress, whatsappNumbers } from "#server/db/schema/index.ts";
import { companyWithManager, createPerson, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-23T10:00:00-03:00"); // closed months: August, September, October
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

type Row = {
  month: string;
  channel: string;
  shown: boolean;
  chose: number | null;
  active: number | null;
  share: number | null;
};

/**
 * A company whose first `onWhatsapp` members chose WhatsApp (and no e-mail), the next `onTeams` Teams
 * (docs/decisions/095), `active` of them checking in in October.
 */
async function company(members: number, onWhatsapp: number, active: number, onTeams = 0) {
  const { company, manager } = await companyWithManager(t.app, t.db);
  for (let i = 0; i < members; i += 1) {
    const person = await createPerson(t.db, { companyId: company.id });
    if (i < onWhatsapp) {
      await t.db.insert(whatsappNumbers).values({
        userId: person.userId,
        companyId: company.id,
        phone: `55119${String(i).padStart(8, "0")}`,
        status: "confirmed",
      });
      await t.db.execute(sql`UPDATE profiles SET notification_preferences = '{"whatsapp": true, "email": false}'::jsonb
        WHERE user_id = ${person.userId}`);
    }
    if (i >= onWhatsapp && i < onWhatsapp + onTeams) {
      await t.db.insert(msteamsAccounts).values({
        userId: person.userId,
        companyId: company.id,
        teamsUserId: `29:pessoa-${i}`,
        conversationId: `a:chat-${i}`,
        serviceUrl: "https://smba.trafficmanager.net/br/",
        optedIn: true,
      });
    }
    if (i < active) {
      await t.db.insert(userProgress).values({
        userId: person.userId,
        companyId: company.id,
        mood: 4,
        day: "2026-10-14",
        completedAt: new Date("2026-10-14T12:00:00Z"),
      });
    }
  }
  const read = async () => {
    const response = await manager.as({ method: "GET", url: `/api/reports/channel-reach?companyId=${company.id}` });
    expect(response.statusCode).toBe(200);
    return response.json() as { minGroup: number; rows: Row[] };
  };
  return { read, companyId: company.id };
}

describe("reach by channel (docs/decisions/092)", () => {
  it("shows each closed month's channels as noisy counts, the same on every read, never per person", async () => {
    const { read } = await company(40, 30, 24);
    const first = await read();
    expect(first.rows.map((row) => `${row.month}|${row.channel}`)).toEqual(
      ["2026-08", "2026-09", "2026-10"].flatMap((month) =>
        ["push", "email", "whatsapp", "msteams"].map((c) => `${month}|${c}`),
      ),
    );
    const october = first.rows.find((row) => row.month === "2026-10" && row.channel === "whatsapp");
    expect(october?.shown).toBe(true);
    expect(Math.abs((october?.chose ?? 0) - 30)).toBeLessThanOrEqual(12);
    expect(Math.abs((october?.active ?? 0) - 24)).toBeLessThanOrEqual(12);
    expect(october?.share).toBeGreaterThan(0);
    expect(october?.share).toBeLessThanOrEqual(1);
    // Stored: asking again learns nothing new.
    expect(await read()).toEqual(first);
    expect(JSON.stringify(first)).not.toMatch(/userId|user_id|phone|55119/);
  });

  it("counts the members who chose Teams the same way, through the disclosure layer", async () => {
    const { read } = await company(40, 0, 24, 30);
    const rows = (await read()).rows;
    const october = rows.find((row) => row.month === "2026-10" && row.channel === "msteams");
    expect(october?.shown).toBe(true);
    expect(Math.abs((october?.chose ?? 0) - 30)).toBeLessThanOrEqual(12);
    expect(Math.abs((october?.active ?? 0) - 24)).toBeLessThanOrEqual(12);
    expect(JSON.stringify(rows)).not.toMatch(/29:pessoa|a:chat/);
  });

  it("hides a small company's channels, and a member cannot read them", async () => {
    const { read, companyId } = await company(3, 3, 3);
    const rows = (await read()).rows;
    expect(rows.every((row) => !row.shown && row.chose === null && row.share === null)).toBe(true);
    const member = await signedInPerson(t.app, t.db, { companyId });
    const refused = await member.as({ method: "GET", url: `/api/reports/channel-reach?companyId=${companyId}` });
    expect(refused.statusCode).toBe(403);
  });
});
