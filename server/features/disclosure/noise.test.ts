import { describe, expect, it } from "vitest";

/** Any ε and Δ will do: these are the mood figure's of docs/decisions/014. */
const MOOD_EPSILON = 0.5;
const MOOD_SENSITIVITY = 4;

import { discreteLaplace, privacyKeyFrom } from "./noise.ts";

const key = privacyKeyFrom("a-secret-of-at-least-thirty-two-characters");

describe("the keyed noise draw", () => {
  it("is the same for the same label and key, different for another key", () => {
    const draw = (k: Buffer, label: string) => discreteLaplace(k, label, MOOD_EPSILON, MOOD_SENSITIVITY);
    expect(draw(key, "empresa|2026-11-21|mood")).toBe(draw(key, "empresa|2026-11-21|mood"));
    const other = privacyKeyFrom("another-secret-of-at-least-thirty-two-chars");
    const labels = Array.from({ length: 50 }, (_, i) => `empresa|dia-${i}|mood`);
    expect(labels.some((label) => draw(key, label) !== draw(other, label))).toBe(true);
  });

  it("follows the discrete Laplace law: centred, P(0) = tanh(ε / 2Δ), variance 2q / (1 − q)²", () => {
    const n = 40_000;
    const draws = Array.from({ length: n }, (_, i) => discreteLaplace(key, `x|${i}`, MOOD_EPSILON, MOOD_SENSITIVITY));
    const q = Math.exp(-MOOD_EPSILON / MOOD_SENSITIVITY);
    const mean = draws.reduce((a, b) => a + b, 0) / n;
    const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / n;
    const zeros = draws.filter((d) => d === 0).length / n;
    expect(Math.abs(mean)).toBeLessThan(0.2);
    expect(zeros).toBeCloseTo(Math.tanh(MOOD_EPSILON / (2 * MOOD_SENSITIVITY)), 1);
    expect(variance / ((2 * q) / (1 - q) ** 2)).toBeGreaterThan(0.9);
    expect(variance / ((2 * q) / (1 - q) ** 2)).toBeLessThan(1.1);
  });
});
