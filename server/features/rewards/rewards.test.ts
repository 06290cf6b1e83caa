import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notEnoughPointsMessage, rewardMessages } from "#core/reward-messages.ts";
import { profiles, rewardRedemptions, rewards } from "#server/db/schema/index.ts";
import { memberWithPoints } from "#tests/api/rewards.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
type Company = Awaited<ReturnType<typeof companyWithManager>>;
let a: Company;
let b: Company;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithManager(t.app, t.db);
  b = await companyWithManager(t.app, t.db);
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function reward(values: {
  companyId?: string | null;
  pointsCost?: number;
  stock?: number | null;
  active?: boolean;
}) {
  const [row] = await t.db
    .insert(rewards)
    .values({
      title: `Recompensa ${Math.random().toString(36).slice(2, 8)}`,
      pointsCost: 100,
      stock: null,
      companyId: null,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no reward");
  return row;
}

const redeem = (person: Person, id: string) => person.as({ method: "POST", url: `/api/rewards/${id}/redeem` });
const catalogue = async (person: Person) => (await person.as({ method: "GET", url: "/api/rewards" })).json();
/** The one points ledger every screen reads. */
const pointsOf = async (person: Person) => (await person.as({ method: "GET", url: "/api/points" })).json();

describe("the member's catalogue", () => {
  it("lists active platform rewards and the member's own company's, never another company's", async () => {
    const member = await memberWithPoints(t, a, 0);
    const platform = await reward({});
    const own = await reward({ companyId: a.company.id });
    const other = await reward({ companyId: b.company.id });
    const paused = await reward({ companyId: a.company.id, active: false });
    const data = await catalogue(member);
    const ids = data.items.map((item: { id: string }) => item.id);
    expect(ids).toEqual(expect.arrayContaining([platform.id, own.id]));
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(paused.id);
    expect(data.items.find((item: { id: string }) => item.id === own.id).scope).toBe("company");
    expect(data.canRedeem).toBe(true);
    expect(await pointsOf(member)).toEqual({ earned: 0, spent: 0, balance: 0 });
  });
});

describe("redeeming", () => {
  it("spends from the balance, keeps the lifetime points for content, takes one from the stock", async () => {
    const member = await memberWithPoints(t, a, 250);
    const item = await reward({ companyId: a.company.id, pointsCost: 120, stock: 3 });
    const response = await redeem(member, item.id);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(rewardMessages.redeemed);
    expect(body.points).toEqual({ earned: 250, spent: 120, balance: 130 });
    expect(body.redemption).toMatchObject({ rewardTitle: item.title, pointsCost: 120, status: "pending" });
    const [after] = await t.db.select().from(rewards).where(eq(rewards.id, item.id));
    expect(after?.stock).toBe(2);
    // Content still unlocks by the lifetime total: nothing locked again.
    const content = (await member.as({ method: "GET", url: "/api/content" })).json();
    const within250 = content.items.filter((i: { pointsRequired: number }) => i.pointsRequired <= 250);
    expect(within250.length).toBeGreaterThan(0);
    expect(within250.every((i: { unlocked: boolean }) => i.unlocked)).toBe(true);
    expect(await pointsOf(member)).toEqual({ earned: 250, spent: 120, balance: 130 });
    const data = await catalogue(member);
    expect(data.redemptions[0]).toMatchObject({ id: body.redemption.id, status: "pending" });
  });

  it("refuses a reward the balance does not cover, saying how many points are missing, and changes nothing", async () => {
    const member = await memberWithPoints(t, a, 80);
    const item = await reward({ pointsCost: 100, stock: 5 });
    const response = await redeem(member, item.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(notEnoughPointsMessage(20));
    const [after] = await t.db.select().from(rewards).where(eq(rewards.id, item.id));
    expect(after?.stock).toBe(5);
    expect(await pointsOf(member)).toEqual({ earned: 80, spent: 0, balance: 80 });
  });

  it("refuses another company's reward (404), a paused one and a sold-out one (409), and bad ids (400)", async () => {
    const member = await memberWithPoints(t, a, 1000);
    expect((await redeem(member, (await reward({ companyId: b.company.id })).id)).statusCode).toBe(404);
    const paused = await redeem(member, (await reward({ active: false })).id);
    expect(paused.statusCode).toBe(409);
    expect(paused.json().error.message).toBe(rewardMessages.unavailable);
    const soldOut = await redeem(member, (await reward({ stock: 0 })).id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.message).toBe(rewardMessages.outOfStock);
    expect((await redeem(member, "nao-e-um-id")).statusCode).toBe(400);
    expect((await pointsOf(member)).spent).toBe(0);
  });

  it("is not for admins nor for people without a company", async () => {
    const item = await reward({});
    const refused = await redeem(admin, item.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(rewardMessages.adminCannotRedeem);
    // Someone without a company has no access at all (docs/decisions/009), even with a session from before.
    const loose = await signedInPerson(t.app, t.db, {});
    await t.db
      .update(profiles)
      .set({ engagementPoints: 500, companyId: null })
      .where(eq(profiles.userId, loose.userId));
    expect((await redeem(loose, item.id)).statusCode).toBe(401);
  });
});

describe("races (settled by the database)", () => {
  it("20 members racing for the last unit: exactly one gets it, nobody is charged for the others", async () => {
    const item = await reward({ companyId: a.company.id, pointsCost: 50, stock: 1 });
    const racers = await Promise.all(Array.from({ length: 20 }, () => memberWithPoints(t, a, 60)));
    const responses = await Promise.all(racers.map((racer) => redeem(racer, item.id)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toBe(rewardMessages.outOfStock);
    }
    const [after] = await t.db.select().from(rewards).where(eq(rewards.id, item.id));
    expect(after?.stock).toBe(0);
    const rows = await t.db.select().from(rewardRedemptions).where(eq(rewardRedemptions.rewardId, item.id));
    expect(rows).toHaveLength(1);
    const [spent] = await t.db
      .select({ total: sql<number>`sum(${profiles.pointsSpent})::int` })
      .from(profiles)
      .where(sql`${profiles.userId} in ${racers.map((racer) => racer.userId)}`);
    expect(spent?.total).toBe(50);
  }, 180_000);

  it("20 simultaneous redemptions by one member never overspend: 100 points buy exactly three 30-point rewards", async () => {
    const member = await memberWithPoints(t, a, 100);
    const item = await reward({ pointsCost: 30 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => redeem(member, item.id)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(17);
    expect(await pointsOf(member)).toEqual({ earned: 100, spent: 90, balance: 10 });
  });
});

describe("the balance can never go negative", () => {
  it("the database refuses a spend above the points earned, whoever writes it", async () => {
    const member = await memberWithPoints(t, a, 40);
    await expect(
      t.db.update(profiles).set({ pointsSpent: 41 }).where(eq(profiles.userId, member.userId)),
    ).rejects.toThrow();
    await expect(
      t.db.update(profiles).set({ pointsSpent: -1 }).where(eq(profiles.userId, member.userId)),
    ).rejects.toThrow();
  });

  it("deleting a check-in after spending its points takes back only what is left", async () => {
    const member = await signedInPerson(t.app, t.db, { companyId: a.company.id });
    const checkIn = (await member.as({ method: "POST", url: "/api/check-ins", payload: { mood: 3 } })).json();
    const item = await reward({ pointsCost: 40 });
    expect((await redeem(member, item.id)).statusCode).toBe(201);
    const deleted = await member.as({ method: "DELETE", url: `/api/check-ins/${checkIn.checkIn.id}` });
    expect(deleted.statusCode).toBe(200);
    const points = await pointsOf(member);
    expect(points).toEqual({ earned: 40, spent: 40, balance: 0 });
  });
});
