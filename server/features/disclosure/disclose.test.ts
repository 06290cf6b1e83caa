import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { epsilonPerYear, figurePolicies, meanMargin } from "#core/disclosure.ts";
import { companies, disclosedFigures } from "#server/db/schema/index.ts";
import { TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { disclose } from "./disclose.ts";

let t: TestApp;
const companyId = "00000000-0000-4000-8000-000000000401";
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(companies).values({ id: companyId, name: "Camada", plan: "prime", createdAt: TEST_EPOCH });
});
afterAll(() => t.close());

const ask = (subject: string, values: number[]) =>
  disclose(t.db, t.app.deps.privacyKey, companyId, 5, [
    { figure: "groupRating", subject, windowEnd: "2026-11-20", values },
  ]).then(([figure]) => figure);

describe("the disclosure layer", () => {
  it("releases a figure once: asking again, even with other data, returns the stored value", async () => {
    const first = await ask("sessao-1", [5, 5, 4, 4, 3, 5, 4]);
    const again = await ask("sessao-1", [1, 1, 1, 1, 1, 1, 1]);
    expect(again).toEqual(first);
    expect(await t.db.select().from(disclosedFigures)).toHaveLength(1);
  });

  it("keeps each value within its range and each mean on the scale, with a margin that shrinks as people grow", async () => {
    const figures = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ask(
          `grande-${i}`,
          Array.from({ length: 60 }, () => 99),
        ),
      ),
    );
    for (const figure of figures) {
      expect(figure?.shown).toBe(true);
      expect(figure?.mean).toBeGreaterThanOrEqual(1);
      expect(figure?.mean).toBeLessThanOrEqual(5);
    }
    // 60 fives (99 clipped to 5) stay near 5: the noise of a 60-person sum is a fraction of a step.
    const average = figures.reduce((sum, figure) => sum + (figure?.mean ?? 0), 0) / figures.length;
    expect(average).toBeGreaterThan(4.6);
    expect(meanMargin(figurePolicies.groupRating, 60)).toBeLessThan(meanMargin(figurePolicies.groupRating, 6) ?? 0);
  });

  it("decides shown or hidden on the noisy count: near k some rows of the same size show and some hide", async () => {
    const figures = await Promise.all(Array.from({ length: 60 }, (_, i) => ask(`limiar-${i}`, [3, 3, 3, 3, 3])));
    const shown = figures.filter((figure) => figure?.shown).length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(55);
    for (const figure of figures.filter((f) => !f?.shown)) {
      expect(figure).toMatchObject({ count: null, mean: null, margin: null });
    }
    // Nobody is never shown.
    expect((await ask("vazio", []))?.shown).toBe(false);
  });

  it("states each figure's yearly spend per person from the feature's structure", () => {
    for (const policy of Object.values(figurePolicies)) expect(epsilonPerYear(policy)).toBeGreaterThan(0);
    expect(epsilonPerYear(figurePolicies.moodMonth)).toBeCloseTo(14.4, 5);
  });
});
