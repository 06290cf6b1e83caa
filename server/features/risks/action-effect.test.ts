// Actions that are re-measured (issue 48 item 3, docs/decisions/091): an action names the dimensions it
// should move; a campaign closed after it shows each dimension's index before and after, as the results
// screen released them; the professional's verdict is kept once, 'sem efeito' opens a review trigger by
// itself, and a trigger is closed with what was done.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectMessages as m } from "#core/action-effect.ts";
import { riskActions, riskReviewTriggers } from "#server/db/schema/index.ts";
import { actionPlace } from "#tests/api/risks.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

const place = () => actionPlace(t);

describe("an action re-measured", () => {
  it("shows before and after from the released figures, and 'sem efeito' opens a review trigger", async () => {
    const p = await place();
    const first = await p.campaign("Pesquisa 2025", "2026-01-20T12:00:00Z", 70);
    const { id } = await p.action(["assedio", "falta_suporte"]);
    const effect = async () => (await p.as({ method: "GET", url: `/api/risks/actions/${id}/effect` })).json();

    // Before the later campaign: the 'before' side only, and no verdict can be given.
    const early = await effect();
    expect(early.before.title).toBe("Pesquisa 2025");
    expect(early.after).toBeNull();
    const tooEarly = await p.as({
      method: "POST",
      url: `/api/risks/actions/${id}/verdict`,
      payload: { verdict: "eficaz" },
    });
    expect([tooEarly.statusCode, tooEarly.json().error.message]).toEqual([409, m.noLaterCampaign]);

    const second = await p.campaign("Pesquisa 2026", "2026-11-10T12:00:00Z", 72);
    const now = await effect();
    expect(now.after.title).toBe("Pesquisa 2026");
    expect(now.dimensions.map((d: { id: string }) => d.id)).toEqual(["assedio", "falta_suporte"]);
    // The same figures the results screen released (stored once, decision 040), with their ranges.
    for (const [campaignId, side] of [
      [first, "before"],
      [second, "after"],
    ] as const) {
      const results = (await p.as({ method: "GET", url: `/api/risks/campaigns/${campaignId}/results` })).json().results;
      const cell = results.rows[0].cells.find((c: { id: string }) => c.id === "assedio");
      expect(now.dimensions[0][side]).toMatchObject({ index: cell.index, margin: cell.margin });
      expect(now.dimensions[0][side].text).toMatch(/^(entre \d+ e \d+|\d+)$/);
    }

    const bad = await p.as({ method: "POST", url: `/api/risks/actions/${id}/verdict`, payload: { verdict: "talvez" } });
    expect([bad.statusCode, bad.json().error.message]).toEqual([400, m.verdictRequired]);
    const saved = await p.as({
      method: "POST",
      url: `/api/risks/actions/${id}/verdict`,
      payload: { verdict: "sem_efeito", note: "O índice não caiu." },
    });
    expect([saved.statusCode, saved.json().message]).toEqual([201, m.verdictSavedWithTrigger]);
    const triggers = await t.db.select().from(riskReviewTriggers).where(eq(riskReviewTriggers.companyId, p.company.id));
    expect(triggers).toHaveLength(1);
    expect(triggers[0]).toMatchObject({ kind: "monitoramento", occurredOn: "2026-11-22", closedOn: null });
    expect(triggers[0]?.description).toBe(
      m.triggerDescription("Canal de conversa com a liderança", "Pesquisa 2026", ["Assédio", "Apoio no trabalho"]),
    );
    expect((await effect()).verdict).toMatchObject({ verdict: "sem_efeito", triggerId: triggers[0]?.id });
    const again = await p.as({
      method: "POST",
      url: `/api/risks/actions/${id}/verdict`,
      payload: { verdict: "eficaz" },
    });
    expect([again.statusCode, again.json().error.message]).toEqual([409, m.verdictExists]);

    // The review log: the trigger is closed with what was done, once, never before it happened nor in the future.
    const close = (payload: Record<string, unknown>) =>
      p.as({ method: "POST", url: `/api/risks/review-triggers/${triggers[0]?.id}/close`, payload });
    const future = await close({ closedOn: "2026-12-01", closure: "Plano revisto." });
    expect([future.statusCode, future.json().error.message]).toEqual([400, m.closureInFuture]);
    const before = await close({ closedOn: "2026-11-01", closure: "Plano revisto." });
    expect([before.statusCode, before.json().error.message]).toEqual([400, m.closureBeforeTrigger]);
    const blank = await close({ closedOn: "2026-11-22", closure: " " });
    expect([blank.statusCode, blank.json().error.message]).toEqual([400, m.closureRequired]);
    const closed = await close({ closedOn: "2026-11-22", closure: "Riscos reavaliados; nova ação no plano." });
    expect([closed.statusCode, closed.json().message]).toEqual([200, m.triggerClosed]);
    expect((await close({ closedOn: "2026-11-22", closure: "De novo." })).statusCode).toBe(409);
    const overview = (await p.as({ method: "GET", url: "/api/risks" })).json();
    expect(overview.reviewTriggers[0]).toMatchObject({
      closedOn: "2026-11-22",
      closure: "Riscos reavaliados; nova ação no plano.",
    });
  });

  it("suggests 'eficaz' when the index fell beyond its margins; 'eficaz' opens no trigger", async () => {
    const p = await place();
    await p.campaign("Antes", "2026-01-20T12:00:00Z", 75);
    const { id } = await p.action(["assedio"]);
    await p.campaign("Depois", "2026-11-10T12:00:00Z", 20);
    const effect = (await p.as({ method: "GET", url: `/api/risks/actions/${id}/effect` })).json();
    expect(effect.suggestion).toBe("eficaz");
    const saved = await p.as({
      method: "POST",
      url: `/api/risks/actions/${id}/verdict`,
      payload: { verdict: "eficaz" },
    });
    expect([saved.statusCode, saved.json().message]).toEqual([201, m.verdictSaved]);
    expect(await t.db.select().from(riskReviewTriggers).where(eq(riskReviewTriggers.companyId, p.company.id))).toEqual(
      [],
    );
  });

  it("refuses an action without dimensions, unknown dimensions, and another company's action", async () => {
    const p = await place();
    await p.campaign("Antes", "2026-01-20T12:00:00Z", 60);
    const { id } = await p.action([]);
    await p.campaign("Depois", "2026-11-10T12:00:00Z", 60);
    const none = await p.as({
      method: "POST",
      url: `/api/risks/actions/${id}/verdict`,
      payload: { verdict: "eficaz" },
    });
    expect([none.statusCode, none.json().error.message]).toEqual([400, m.noDimensions]);
    const body = {
      sectorId: p.sectorId,
      hazard: "assedio",
      title: "Ação",
      hierarchy: "organizacional",
      owner: "RH",
      dueOn: "2026-12-31",
      status: "planejada",
      followUp: "",
      measurement: "",
      effectiveness: "",
    };
    const unknown = await p.as({
      method: "POST",
      url: "/api/risks/actions",
      payload: { ...body, dimensions: ["nada"] },
    });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([400, m.dimensionUnknown]);
    const made = await p.as({
      method: "POST",
      url: "/api/risks/actions",
      payload: { ...body, dimensions: ["assedio"] },
    });
    expect(made.statusCode).toBe(201);
    const [row] = await t.db.select().from(riskActions).where(eq(riskActions.id, made.json().id));
    expect(row?.dimensions).toEqual(["assedio"]);
    const other = await place();
    expect((await other.as({ method: "GET", url: `/api/risks/actions/${id}/effect` })).statusCode).toBe(404);
    expect(
      (await other.as({ method: "POST", url: `/api/risks/actions/${id}/verdict`, payload: { verdict: "eficaz" } }))
        .statusCode,
    ).toBe(404);
  });
});
