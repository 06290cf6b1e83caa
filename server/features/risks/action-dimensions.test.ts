// Editing an NR-1 action's dimensions (issue 48 leftovers, docs/decisions/098): while the action is open
// the manager changes which dimensions it targets, audited with the before and after, and the
// re-measurement (decision 091) reads the new ones at once; a closed action, an unknown dimension, none,
// or another company's action is a clear 4xx and nothing changes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectMessages as m } from "#core/action-effect.ts";
import { instrumentKey, instruments } from "#core/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import {
  auditLog,
  riskActions,
  riskCampaigns,
  riskEstablishments,
  riskResponses,
  riskSectors,
} from "#server/db/schema/index.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

const instrument = instruments[0] ?? (undefined as never);
const scoresAt = (index: number) =>
  Object.fromEntries(instrument.dimensions.map((d) => [d.id, d.polarity === "positive" ? 100 - index : index]));

/** A company with an establishment, a sector, a campaign closed before the action and one after, and the action. */
async function actionBetweenCampaigns() {
  const { company, manager } = await companyWithManager(t.app, t.db);
  const [establishment] = await t.db
    .insert(riskEstablishments)
    .values({ companyId: company.id, name: "Matriz", cnpj: "11222333000181" })
    .returning();
  const establishmentId = establishment?.id ?? "";
  const [sector] = await t.db
    .insert(riskSectors)
    .values({ companyId: company.id, establishmentId, name: "Atendimento", kind: "setor", headcount: 40 })
    .returning();
  const sectorId = sector?.id ?? "";
  for (const [title, closedAt] of [
    ["Pesquisa 2025", "2026-01-20T12:00:00Z"],
    ["Pesquisa 2026", "2026-11-10T12:00:00Z"],
  ] as const) {
    const [row] = await t.db
      .insert(riskCampaigns)
      .values({
        companyId: company.id,
        establishmentId,
        title,
        instrumentId: instrumentKey(instrument),
        sectorIds: [sectorId],
        status: "closed",
        closesOn: closedAt.slice(0, 10),
        closedAt: new Date(closedAt),
        notice: "Aviso.",
      })
      .returning({ id: riskCampaigns.id });
    await t.db.insert(riskResponses).values(
      Array.from({ length: 40 }, () => ({
        campaignId: row?.id ?? "",
        sectorId,
        isoWeek: "2026-01-05",
        answers: {},
        scores: scoresAt(70),
      })),
    );
  }
  const [action] = await t.db
    .insert(riskActions)
    .values({
      companyId: company.id,
      establishmentId,
      sectorId,
      hazard: "assedio",
      title: "Canal de conversa com a liderança",
      hierarchy: "organizacional",
      owner: "RH",
      dueOn: "2026-06-30",
      dimensions: ["assedio"],
      createdAt: new Date("2026-03-01T12:00:00Z"),
    })
    .returning();
  if (!action) throw new Error("no action");
  return { company, manager, action };
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
