import { describe, expect, it } from "vitest";
import { formatPlanPrice, normalizePlan } from "./plans.ts";

describe("plans", () => {
  it("accepts the creation call's aliases", () => {
    expect(normalizePlan("starter")).toBe("essencial");
    expect(normalizePlan("Growth")).toBe("prime");
    expect(normalizePlan("enterprise")).toBe("enterprise");
    expect(normalizePlan("gold")).toBeNull();
  });
  it("formats prices in reais", () => {
    expect(formatPlanPrice("essencial").replace(/\s/g, " ")).toBe("R$ 299,00/mês");
    expect(formatPlanPrice("enterprise")).toBe("Sob consulta");
  });
});
