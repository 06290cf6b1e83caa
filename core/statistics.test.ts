import { describe, expect, it } from "vitest";
import { confidenceOf, mannWhitneyU, normalCdf, pearson, twoProportionZTest } from "./statistics.ts";

describe("statistics", () => {
  it("normal CDF matches the tables", () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    expect(normalCdf(-1.645)).toBeCloseTo(0.05, 3);
  });

  it("two-proportion z-test: 62 % of 200 vs 41 % of 200 is clear, 50 vs 52 is not", () => {
    const fell = twoProportionZTest(124, 200, 82, 200);
    expect(fell.z).toBeCloseTo(-4.2, 1);
    expect(fell.p).toBeLessThan(0.001);
    expect(twoProportionZTest(50, 100, 52, 100).p).toBeGreaterThan(0.5);
  });

  it("Mann–Whitney U: lower values in the first group give a negative z", () => {
    const result = mannWhitneyU([2.1, 2.4, 2.2, 2.5, 2.3], [3.4, 3.6, 3.1, 3.3, 3.8, 3.2, 3.5, 3.0]);
    expect(result.u).toBe(0);
    expect(result.z).toBeLessThan(0);
    expect(result.p).toBeLessThan(0.01);
    expect(mannWhitneyU([3, 3, 3], [3, 3, 3]).p).toBe(1);
  });

  it("Pearson correlation with Fisher's p-value", () => {
    const xs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(
      pearson(
        xs,
        xs.map((x) => 2 * x + 1),
      ).r,
    ).toBeCloseTo(1, 4);
    const noisy = pearson(xs, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]);
    expect(Math.abs(noisy.r)).toBeLessThan(0.5);
    expect(noisy.p).toBeGreaterThan(0.05);
  });

  it("names how sure a finding is", () => {
    expect([confidenceOf(0.001), confidenceOf(0.03), confidenceOf(0.2)]).toEqual(["alta", "média", "baixa"]);
  });
});
