import { describe, expect, it } from "vitest";
import { canAfford, isInStock, pointsBalance } from "./rewards.ts";

describe("points ledger", () => {
  it("balance is earned minus spent, never below zero", () => {
    expect(pointsBalance(300, 120)).toBe(180);
    expect(pointsBalance(100, 100)).toBe(0);
    expect(pointsBalance(50, 80)).toBe(0);
  });

  it("a reward is affordable only with at least its cost", () => {
    expect(canAfford(100, 100)).toBe(true);
    expect(canAfford(99, 100)).toBe(false);
  });

  it("null stock is unlimited, zero is sold out", () => {
    expect(isInStock(null)).toBe(true);
    expect(isInStock(1)).toBe(true);
    expect(isInStock(0)).toBe(false);
  });
});
