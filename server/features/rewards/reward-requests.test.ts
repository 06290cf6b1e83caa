import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewardMessages } from "#core/reward-messages.ts";
import { rewardRedemptions, rewards } from "#server/db/schema/index.ts";
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

const validReward = {
  title: "Meio dia de folga",
  description: "Combine a data com sua liderança.",
  pointsCost: 500,
  stock: 2,
  active: true,
};

describe("the manager's catalogue", () => {
  it("creates, edits and pauses the company's rewards, which members of that company alone then see", async () => {
    const created = await a.manager.as({ method: "POST", url: "/api/company/rewards", payload: validReward });
    expect(created.statusCode).toBe(201);
    const reward = created.json();
    expect(reward).toMatchObject({ ...validReward, pending: 0, delivered: 0, message: rewardMessages.created });
    const member = await memberWithPoints(t, a, 0);
    const outsider = await memberWithPoints(t, b, 0);
    const seen = async (person: Person) =>
      (await person.as({ method: "GET", url: "/api/rewards" })).json().items.map((i: { id: string }) => i.id);
    expect(await seen(member)).toContain(reward.id);
    expect(await seen(outsider)).not.toContain(reward.id);

    const paused = await a.manager.as({
      method: "PATCH",
      url: `/api/company/rewards/${reward.id}`,
      payload: { active: false, stock: null },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ active: false, stock: null, message: rewardMessages.saved });
    expect(await seen(member)).not.toContain(reward.id);
    const list = (await a.manager.as({ method: "GET", url: "/api/company/rewards" })).json();
    expect(list.map((r: { id: string }) => r.id)).toContain(reward.id);
    const otherList = (await b.manager.as({ method: "GET", url: "/api/company/rewards" })).json();
    expect(otherList.map((r: { id: string }) => r.id)).not.toContain(reward.id);
  });

  it("refuses bad input with the field's message and saves nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validReward, title: "  " }, rewardMessages.titleRequired],
      [{ ...validReward, pointsCost: 0 }, rewardMessages.costInvalid],
      [{ ...validReward, pointsCost: 1.5 }, rewardMessages.costInvalid],
      [{ ...validReward, stock: -1 }, rewardMessages.stockInvalid],
      [{ ...validReward, description: "x".repeat(301) }, rewardMessages.descriptionTooLong],
    ];
    const before = (await a.manager.as({ method: "GET", url: "/api/company/rewards" })).json().length;
    for (const [payload, message] of cases) {
      const response = await a.manager.as({ method: "POST", url: "/api/company/rewards", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const extra = await a.manager.as({
      method: "POST",
      url: "/api/company/rewards",
      payload: { ...validReward, companyId: b.company.id },
    });
    expect(extra.statusCode).toBe(400);
    expect((await a.manager.as({ method: "GET", url: "/api/company/rewards" })).json().length).toBe(before);
  });

  it("another company's manager cannot edit it (404); members and admins cannot touch company catalogues (403)", async () => {
    const reward = (await a.manager.as({ method: "POST", url: "/api/company/rewards", payload: validReward })).json();
    const url = `/api/company/rewards/${reward.id}`;
    expect((await b.manager.as({ method: "PATCH", url, payload: { pointsCost: 1 } })).statusCode).toBe(404);
    const member = await memberWithPoints(t, a, 0);
    expect((await member.as({ method: "PATCH", url, payload: { pointsCost: 1 } })).statusCode).toBe(403);
    expect((await admin.as({ method: "PATCH", url, payload: { pointsCost: 1 } })).statusCode).toBe(403);
    expect((await admin.as({ method: "GET", url: "/api/company/redemptions" })).statusCode).toBe(403);
    const [row] = await t.db.select().from(rewards).where(eq(rewards.id, reward.id));
    expect(row?.pointsCost).toBe(500);
  });
});

describe("the admin's platform catalogue", () => {
  it("keeps platform rewards offered to every company, and sees counts, never who", async () => {
    const created = await admin.as({
      method: "POST",
      url: "/api/admin/rewards",
      payload: { ...validReward, title: "Doação em seu nome", stock: null },
    });
    expect(created.statusCode).toBe(201);
    const reward = created.json();
    const member = await memberWithPoints(t, a, 600, "Joana Resgatadora");
    const outsider = await memberWithPoints(t, b, 600, "Pedro Resgatador");
    expect((await member.as({ method: "POST", url: `/api/rewards/${reward.id}/redeem` })).statusCode).toBe(201);
    expect((await outsider.as({ method: "POST", url: `/api/rewards/${reward.id}/redeem` })).statusCode).toBe(201);
    const list = await admin.as({ method: "GET", url: "/api/admin/rewards" });
    expect(list.json().find((r: { id: string }) => r.id === reward.id)).toMatchObject({ pending: 2, delivered: 0 });
    expect(list.body).not.toContain("Joana");
    expect(list.body).not.toContain("Pedro");
    // Company rewards are not the admin's.
    const companyReward = (
      await a.manager.as({ method: "POST", url: "/api/company/rewards", payload: validReward })
    ).json();
    expect(list.json().map((r: { id: string }) => r.id)).not.toContain(companyReward.id);
    expect(
      (await admin.as({ method: "PATCH", url: `/api/admin/rewards/${companyReward.id}`, payload: { active: false } }))
        .statusCode,
    ).toBe(404);
    expect((await a.manager.as({ method: "POST", url: "/api/admin/rewards", payload: validReward })).statusCode).toBe(
      403,
    );
    // Each request goes to the manager of the redeemer's company.
    const toA = (await a.manager.as({ method: "GET", url: "/api/company/redemptions" })).body;
    expect(toA).toContain("Joana Resgatadora");
    expect(toA).not.toContain("Pedro Resgatador");
  });
});

describe("fulfilling requests", () => {
  it("the manager delivers a request once; the member sees 'delivered'", async () => {
    const reward = (
      await a.manager.as({ method: "POST", url: "/api/company/rewards", payload: { ...validReward, pointsCost: 100 } })
    ).json();
    const member = await memberWithPoints(t, a, 100, "Marta Entregue");
    const redemption = (await member.as({ method: "POST", url: `/api/rewards/${reward.id}/redeem` })).json().redemption;
    const requests = (await a.manager.as({ method: "GET", url: "/api/company/redemptions" })).json();
    expect(requests[0]).toMatchObject({
      id: redemption.id,
      memberName: "Marta Entregue",
      status: "pending",
      scope: "company",
    });
    expect(JSON.stringify(requests)).not.toMatch(/mood|humor|notes|email/i);

    const otherManager = await b.manager.as({
      method: "POST",
      url: `/api/company/redemptions/${redemption.id}/deliver`,
    });
    expect(otherManager.statusCode).toBe(404);
    expect(
      (await member.as({ method: "POST", url: `/api/company/redemptions/${redemption.id}/deliver` })).statusCode,
    ).toBe(403);

    const delivered = await a.manager.as({ method: "POST", url: `/api/company/redemptions/${redemption.id}/deliver` });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().message).toBe(rewardMessages.delivered);
    const again = await a.manager.as({ method: "POST", url: `/api/company/redemptions/${redemption.id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(rewardMessages.redemptionAlreadyClosed);

    const mine = (await member.as({ method: "GET", url: "/api/rewards" })).json();
    expect(mine.redemptions[0]).toMatchObject({ id: redemption.id, status: "delivered" });
    expect(mine.redemptions[0].decidedAt).not.toBeNull();
    expect((await member.as({ method: "GET", url: "/api/points" })).json().balance).toBe(0);
  });

  it("cancelling gives the points back and the unit back to the stock; 20 simultaneous cancels return them once", async () => {
    const reward = (
      await a.manager.as({
        method: "POST",
        url: "/api/company/rewards",
        payload: { ...validReward, pointsCost: 70, stock: 1 },
      })
    ).json();
    const member = await memberWithPoints(t, a, 100);
    const redemption = (await member.as({ method: "POST", url: `/api/rewards/${reward.id}/redeem` })).json().redemption;
    const url = `/api/company/redemptions/${redemption.id}/cancel`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => a.manager.as({ method: "POST", url })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const mine = (await member.as({ method: "GET", url: "/api/rewards" })).json();
    expect((await member.as({ method: "GET", url: "/api/points" })).json()).toEqual({
      earned: 100,
      spent: 0,
      balance: 100,
    });
    expect(mine.redemptions[0].status).toBe("cancelled");
    const [row] = await t.db.select().from(rewards).where(eq(rewards.id, reward.id));
    expect(row?.stock).toBe(1);
  });
});

describe("the member's data rights", () => {
  it("the export lists the member's redemptions; deleting the account removes them", async () => {
    const reward = (
      await a.manager.as({
        method: "POST",
        url: "/api/company/rewards",
        payload: { ...validReward, title: "Um livro", pointsCost: 60 },
      })
    ).json();
    const member = await memberWithPoints(t, a, 100);
    expect((await member.as({ method: "POST", url: `/api/rewards/${reward.id}/redeem` })).statusCode).toBe(201);
    const exported = (await member.as({ method: "GET", url: "/api/me/export.json" })).json();
    expect(exported.perfil).toMatchObject({ pontos: 100, pontosUsados: 60, saldoDePontos: 40 });
    expect(exported.resgatesDeRecompensas).toEqual([
      expect.objectContaining({ recompensa: "Um livro", pontos: 60, situacao: "Pendente", concluidoEm: null }),
    ]);
    const html = (await member.as({ method: "GET", url: "/api/me/export.html" })).body;
    expect(html).toContain("Resgates de recompensas");
    expect(html).toContain("Um livro");

    const deleted = await member.as({ method: "POST", url: "/api/me/delete", payload: { password: member.password } });
    expect(deleted.statusCode).toBe(200);
    const left = await t.db.select().from(rewardRedemptions).where(eq(rewardRedemptions.userId, member.userId));
    expect(left).toEqual([]);
    const requests = (await a.manager.as({ method: "GET", url: "/api/company/redemptions" })).json();
    expect(requests.map((r: { rewardTitle: string }) => r.rewardTitle)).not.toContain("Um livro");
  });
});
