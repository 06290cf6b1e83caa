// Editing an NR-1 action's dimensions (issue 48 leftovers, docs/decisions/098): while the action is open
// the manager changes which dimensions it targets, audited with the before and after, and the
// re-measurement (decision 091) reads the new ones at once; a closed action, an unknown dimension, none,
// or another company's action is a clear 4xx and nothing changes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectMessages as m } from "#core/action-effect.ts";
import { serverMessages } from "#core/server-messages.ts";
import { auditLog, riskActions } from "#server/db/schema/index.ts";
import { actionPlace } from "#tests/api/risks.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

/** A company with a campaign closed before the action and one after (both at index 70), and the action. */
async function actionBetweenCampaigns() {
  const { company, manager, campaign, action } = await actionPlace(t);
  await campaign("Pesquisa 2025", "2026-01-20T12:00:00Z", 70);
  await campaign("Pesquisa 2026", "2026-11-10T12:00:00Z", 70);
  return { company, manager, action: await action(["assedio"]) };
}

describe("editing an action's dimensions", () => {
  it("changes them while the action is open, audited, and the before/after follows the new dimensions", async () => {
    const { company, manager, action } = await actionBetweenCampaigns();
    const put = (dimensions: unknown, as = manager.as) =>
      as({ method: "PUT", url: `/api/risks/actions/${action.id}/dimensions`, payload: { dimensions } });
    const effect = async () =>
      (await manager.as({ method: "GET", url: `/api/risks/actions/${action.id}/effect` })).json();
    expect((await effect()).dimensions.map((d: { id: string }) => d.id)).toEqual(["assedio"]);

    const saved = await put(["falta_suporte", "clareza_papel"]);
    expect([saved.statusCode, saved.json().message]).toEqual([200, m.dimensionsSaved]);
    const now = await effect();
    expect(now.dimensions.map((d: { id: string }) => d.id)).toEqual(["falta_suporte", "clareza_papel"]);
    expect(now.before.title).toBe("Pesquisa 2025");
    expect(now.after.title).toBe("Pesquisa 2026");
    expect(now.dimensions[0].before.text).toMatch(/^(entre \d+ e \d+|\d+)$/);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "risk-action.dimensions"));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ companyId: company.id, targetId: action.id });
    expect(audits[0]?.details).toMatchObject({ antes: "assedio", depois: "falta_suporte, clareza_papel" });

    // The same set again changes nothing and writes no second entry.
    expect((await put(["clareza_papel", "falta_suporte"])).statusCode).toBe(200);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "risk-action.dimensions"))).toHaveLength(1);

    // Bad input: none, an unknown one, another company's action.
    const none = await put([]);
    expect([none.statusCode, none.json().error.message]).toEqual([400, m.dimensionsRequired]);
    const unknown = await put(["nao_existe"]);
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([400, m.dimensionUnknown]);
    const other = await companyWithManager(t.app, t.db);
    const foreign = await put(["assedio"], other.manager.as);
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, serverMessages.notFound]);

    // Closed (concluded or cancelled): the dimensions no longer move, by either route.
    await t.db.update(riskActions).set({ status: "concluida" }).where(eq(riskActions.id, action.id));
    const closed = await put(["assedio"]);
    expect([closed.statusCode, closed.json().error.message]).toEqual([409, m.dimensionsClosed]);
    const {
      id: _,
      companyId: __,
      establishmentId: ___,
      createdAt: ____,
      updatedAt: _____,
      evidenceFiles: ______,
      ...fields
    } = action;
    const patched = await manager.as({
      method: "PATCH",
      url: `/api/risks/actions/${action.id}`,
      payload: { ...fields, status: "concluida", dimensions: ["assedio"] },
    });
    expect([patched.statusCode, patched.json().error.message]).toEqual([409, m.dimensionsClosed]);
    const [after] = await t.db.select().from(riskActions).where(eq(riskActions.id, action.id));
    expect(after?.dimensions).toEqual(["falta_suporte", "clareza_papel"]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "risk-action.dimensions"))).toHaveLength(1);
  }, 120_000);
});
