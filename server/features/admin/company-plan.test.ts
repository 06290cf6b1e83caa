import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages, planBelowSeatsMessage, planChangedMessage, samePlanMessage } from "#core/admin-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { auditLog, companies } from "#server/db/schema/index.ts";
import { companyWithManager, fillSeats, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPerson(t.app, t.db, { role: "admin", name: "Ada Admin" });
});
afterAll(() => t.close());

const planOf = async (id: string) =>
  (await t.db.select({ plan: companies.plan }).from(companies).where(eq(companies.id, id)))[0]?.plan;

describe("PATCH /api/admin/companies/:id/plan (docs/decisions/058)", () => {
  it("moves a company to a bigger plan, keeping everyone, and writes the seats to the audit log", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    await fillSeats(t.db, company.id, 49); // 50 with the manager: Essencial is full
    const refused = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Nova", email: "nova@plano.com.br" },
    });
    expect(refused.statusCode).toBe(409);

    const response = await admin.as({
      method: "PATCH",
      url: `/api/admin/companies/${company.id}/plan`,
      payload: { plan: "prime" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: planChangedMessage("Prime"),
      plan: "prime",
      seatsUsed: 50,
      seatLimit: 100,
    });
    expect(await planOf(company.id)).toBe("prime");
    const team = (await manager.as({ method: "GET", url: "/api/team" })).json();
    expect(team.company).toMatchObject({ plan: "prime", memberLimit: 100, used: 50 });
    const invited = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Nova", email: "nova@plano.com.br" },
    });
    expect(invited.statusCode).toBe(201);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "company.plan"));
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      companyId: company.id,
      details: { from: "essencial", to: "prime", seatsUsed: 50, seatsBefore: 50, seatsAfter: 100 },
    });
  });

  it("refuses a plan smaller than the seats in use (members and pending invites), changing nothing", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "prime" });
    await fillSeats(t.db, company.id, 48);
    // 49 members and 2 invites: 51 seats, one more than Essencial has.
    for (const email of ["um@plano.com.br", "dois@plano.com.br"])
      await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Convite", email } });
    const response = await admin.as({
      method: "PATCH",
      url: `/api/admin/companies/${company.id}/plan`,
      payload: { plan: "essencial" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(planBelowSeatsMessage(51, 50, "Essencial"));
    expect(await planOf(company.id)).toBe("prime");
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(audited.filter((row) => row.action === "company.plan")).toEqual([]);

    // One invitation cancelled: 50 seats fit Essencial's 50.
    const [pending] = (await manager.as({ method: "GET", url: "/api/team/invites" })).json().items;
    await manager.as({ method: "DELETE", url: `/api/team/invites/${pending.id}` });
    const fits = await admin.as({
      method: "PATCH",
      url: `/api/admin/companies/${company.id}/plan`,
      payload: { plan: "essencial" },
    });
    expect(fits.statusCode).toBe(200);
    expect(await planOf(company.id)).toBe("essencial");
  });

  it("answers bad input in pt-BR: an unknown plan, the same plan, a company that does not exist", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const url = `/api/admin/companies/${company.id}/plan`;
    const unknown = await admin.as({ method: "PATCH", url, payload: { plan: "ouro" } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(adminMessages.planInvalid);
    const same = await admin.as({ method: "PATCH", url, payload: { plan: "essencial" } });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe(samePlanMessage("Essencial"));
    const missing = await admin.as({
      method: "PATCH",
      url: "/api/admin/companies/00000000-0000-4000-8000-000000000000/plan",
      payload: { plan: "prime" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(serverMessages.companyNotFound);
  });

  it("is for platform admins only", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const request = {
      method: "PATCH" as const,
      url: `/api/admin/companies/${company.id}/plan`,
      payload: { plan: "enterprise" },
    };
    expect((await manager.as(request)).statusCode).toBe(403);
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect(await planOf(company.id)).toBe("essencial");
  });
});
