// Issue 51 item 2 (docs/decisions/060): a shown NR-1 row's 13 indexes and 13 adverse shares must not tell
// the manager how many answered. The attack: for each n from 1 to the number invited, could the row's
// published figures have come from n respondents? The attacker knows the answer scale (a sum of whole
// index points, a sum of 0/1 flags on a grid of 0,5), the one-decimal rounding, the published count's
// noise (discrete Laplace, ε = 1) and the sums' noise, and tries both readings of the means: over the
// true count, or over the published one. An n stays a candidate while its likelihood is at least 1/20
// of the best n's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figurePolicies } from "#core/disclosure.ts";
import { instrumentKey, instruments, scoreAnswers } from "#core/risks.ts";
import { riskCampaigns, riskEstablishments, riskResponses, riskSectors } from "#server/db/schema/index.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const instrument = instruments[0] ?? (undefined as never);
const INVITED = 10;
type Row = { responses: number; cells: { index: number | null; adverseShare: number | null }[] };

/** mulberry32: seeded trials, as the other attacks of docs/decisions/040, so each run measures the same. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A published figure on its 0–100 scale as the layer sums it: in grid steps of `unit` around `centre`
 * (core/disclosure.ts), one decimal, clipped to the scale.
 */
type Grid = { unit: number; centre: number };
const indexGrid: Grid = { unit: 1, centre: figurePolicies.riskIndex.centre };
const adverseGrid: Grid = {
  unit: 100 * figurePolicies.riskAdverse.step,
  centre: 100 * figurePolicies.riskAdverse.centre,
};

/** Is `value` a rounded quotient of a whole (noisy) sum of steps over `over`? */
function fits(value: number, over: number, grid: Grid): boolean {
  if (value <= 0 || value >= 100) return true; // clipped: any sum beyond the end fits
  const sum = Math.round(((value - grid.centre) * over) / grid.unit);
  return Math.abs(grid.centre + (sum * grid.unit) / over - value) <= 0.05 + 1e-9;
}

/** The likelihood of the recovered noisy sum if n people answered: how far it lies outside what n can sum to. */
function sumLikelihood(value: number, over: number, grid: Grid, n: number, q: number): number {
  if (value <= 0 || value >= 100) return 1;
  const sum = ((value - grid.centre) * over) / grid.unit;
  const [bottom, top] = [(-grid.centre * n) / grid.unit, ((100 - grid.centre) * n) / grid.unit];
  return q ** Math.max(0, sum - top, bottom - sum);
}

function candidates(row: Row): number[] {
  const indexQ = Math.exp(-figurePolicies.riskIndex.valueEpsilon / 100);
  const adverseQ = Math.exp(-figurePolicies.riskAdverse.valueEpsilon / 2);
  const fitsOver = (over: number) =>
    row.cells.every((c) => fits(c.index ?? 0, over, indexGrid) && fits(c.adverseShare ?? 0, over, adverseGrid));
  const sums = (over: number, n: number) =>
    row.cells.reduce(
      (product, c) =>
        product *
        sumLikelihood(c.index ?? 0, over, indexGrid, n, indexQ) *
        sumLikelihood(c.adverseShare ?? 0, over, adverseGrid, n, adverseQ),
      1,
    );
  const likelihood = (n: number) => {
    const readings = [n, row.responses].filter((over) => over >= 1 && fitsOver(over));
    const best = Math.max(0, ...readings.map((over) => sums(over, n)));
    return Math.exp(-figurePolicies.riskParticipation.countEpsilon * Math.abs(row.responses - n)) * best;
  };
  const all = Array.from({ length: INVITED }, (_, i) => ({ n: i + 1, l: likelihood(i + 1) }));
  const top = Math.max(...all.map((c) => c.l));
  return all.filter((c) => top > 0 && c.l >= top / 20).map((c) => c.n);
}

describe("the respondent count behind a shown NR-1 row (issue 51)", () => {
  it("leaves at least 3 candidate counts in 95 % of shown rows", async () => {
    const random = seeded(51);
    let made = 0;
    const fixedId = () => `00000000-0000-4000-8051-${String(made++).padStart(12, "0")}`;
    const { company, manager } = await companyWithManager(t.app, t.db, { id: fixedId() });
    const [establishment] = await t.db
      .insert(riskEstablishments)
      .values({ id: fixedId(), companyId: company.id, name: "Matriz", cnpj: "11222333000181" })
      .returning();
    const establishmentId = establishment?.id ?? "";
    const [sector] = await t.db
      .insert(riskSectors)
      .values({ id: fixedId(), companyId: company.id, establishmentId, name: "Loja", kind: "setor", headcount: 10 })
      .returning();
    const sectorId = sector?.id ?? "";
    const answers = () => Object.fromEntries(instrument.items.map((item) => [item.id, 1 + Math.floor(random() * 5)]));
    let shown = 0;
    let atLeastThree = 0;
    let pinned = 0;
    let truthKept = 0;
    for (let trial = 0; trial < 120; trial++) {
      const respondents = 3 + Math.floor(random() * (INVITED - 2));
      const [campaign] = await t.db
        .insert(riskCampaigns)
        .values({
          id: fixedId(),
          companyId: company.id,
          establishmentId,
          title: "Pesquisa",
          instrumentId: instrumentKey(instrument),
          sectorIds: [sectorId],
          status: "closed",
          closesOn: "2026-11-20",
          closedAt: new Date("2026-11-21T12:00:00Z"),
          notice: "Aviso.",
        })
        .returning({ id: riskCampaigns.id });
      const campaignId = campaign?.id ?? "";
      await t.db.insert(riskResponses).values(
        Array.from({ length: respondents }, () => {
          const given = answers();
          return {
            campaignId,
            sectorId,
            isoWeek: "2026-11-16",
            answers: given,
            scores: scoreAnswers(instrument, given),
          };
        }),
      );
      const response = await manager.as({ method: "GET", url: `/api/risks/campaigns/${campaignId}/results` });
      expect(response.statusCode).toBe(200);
      for (const row of (response.json().results?.rows ?? []) as Row[]) {
        shown++;
        const fit = candidates(row);
        if (fit.length >= 3) atLeastThree++;
        if (fit.length === 1 && fit[0] === respondents) pinned++;
        if (fit.includes(respondents)) truthKept++;
      }
    }
    console.info(
      `NR-1 respondent count: ${shown} shown rows; ≥ 3 candidates in ${atLeastThree} (${((100 * atLeastThree) / shown).toFixed(1)} %); ` +
        `pinned to the true count in ${pinned}; true count among the candidates in ${truthKept}`,
    );
    expect(shown).toBeGreaterThanOrEqual(60);
    expect(atLeastThree / shown).toBeGreaterThanOrEqual(0.95);
  }, 300_000);
});
