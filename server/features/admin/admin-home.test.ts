import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminHome } from "#core/schemas/admin-home.ts";
import { jobs } from "#server/db/schema/index.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-23T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

describe("GET /api/admin/home", () => {
  it("is for platform admins only", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const psychologist = await signedInPerson(t.app, t.db, { role: "psychologist" });
    for (const person of [manager, member, psychologist]) {
      expect((await person.as({ method: "GET", url: "/api/admin/home" })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/home" })).statusCode).toBe(401);
  });

  it("counts companies, pending invitations, failing jobs and psychologists awaiting verification; lists the newest access events", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin", name: "Ada Admin" });
    const read = async () => {
      const response = await admin.as({ method: "GET", url: "/api/admin/home" });
      expect(response.statusCode).toBe(200);
      return response.json() as AdminHome;
    };
    const before = await read();

    const created = await admin.as({
      method: "POST",
      url: "/api/admin/companies",
      payload: { name: "Clínica Aurora", manager_name: "Bia", manager_email: "bia@aurora.com.br", plan: "prime" },
    });
    expect(created.statusCode).toBe(201);
    const psychologist = await admin.as({
      method: "POST",
      url: "/api/admin/psychologists",
      payload: {
        fullName: "Dra. Helena Prado",
        email: "helena@exemplo.com.br",
        crpNumber: "06/123456",
        crpUf: "SP",
        epsiConfirmedOn: "2026-01-10",
        approaches: ["TCC"],
        specialties: ["Ansiedade"],
      },
    });
    expect(psychologist.statusCode).toBe(201);
    // A digest that gave up after its last attempt; its key names a person and must not leave.
    await t.db.insert(jobs).values({
      name: "digest",
      key: "pessoa-secreta|2026-11-20",
      runAt: new Date("2026-11-20T12:30:00Z"),
      attempts: 5,
      lastError: "Error: connect ECONNREFUSED",
      failedAt: new Date("2026-11-20T13:00:00Z"),
    });

    const after = await read();
    expect(after.companies.total).toBe(before.companies.total + 1);
    expect(after.companies.newest).toMatchObject({ id: created.json().id, name: "Clínica Aurora" });
    // The manager's invitation and the psychologist's.
    expect(after.invitations.pending).toBe(before.invitations.pending + 2);
    expect(after.psychologists.awaitingVerification).toBe(before.psychologists.awaitingVerification + 1);
    expect(after.jobs.total).toBe(t.app.deps.jobs.length);
    expect(after.jobs.failing).toContainEqual({
      name: "digest",
      label: expect.any(String),
      failures: 1,
      lastErrorAt: "2026-11-20T13:00:00.000Z",
    });
    expect(after.recentAccess.length).toBeLessThanOrEqual(10);
    expect(after.recentAccess[0]).toMatchObject({ action: "psychologist.invite", actorEmail: admin.email });
    expect(after.recentAccess).toContainEqual(
      expect.objectContaining({ action: "company.create", companyName: "Clínica Aurora" }),
    );

    // Verified, the psychologist no longer waits.
    const verified = await admin.as({
      method: "POST",
      url: `/api/admin/psychologists/${psychologist.json().id}/verify`,
    });
    expect(verified.statusCode).toBe(200);
    expect((await read()).psychologists.awaitingVerification).toBe(before.psychologists.awaitingVerification);
  });

  it("carries no mood, note or key", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const checkIn = await member.as({
      method: "POST",
      url: "/api/check-ins",
      payload: { mood: 2, notes: "nota-muito-pessoal" },
    });
    expect(checkIn.statusCode).toBe(201);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const body = (await admin.as({ method: "GET", url: "/api/admin/home" })).body;
    expect(body).not.toMatch(/mood|humor|nota-muito-pessoal|pessoa-secreta/i);
  });
});
