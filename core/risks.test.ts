import { describe, expect, it } from "vitest";
import { formatCnpj, isValidCnpj } from "./cnpj.ts";
import { pooledInto, poolSmallGroups } from "./risk-suppression.ts";
import {
  answersProblem,
  defaultCriteria,
  hazards,
  instrumentSchema,
  instruments,
  isActionOverdue,
  isoWeekMonday,
  levelOf,
  proposedProbability,
  riskIndex,
  scoreAnswers,
} from "./risks.ts";

const [sereno] = instruments;
if (!sereno) throw new Error("no instrument");
const all = (value: number) => Object.fromEntries(sereno.items.map((item) => [item.id, value]));

describe("the Sereno instrument", () => {
  it("maps at least 3 items with 5-point scales to each of the 13 hazards, some reversed", () => {
    expect(hazards).toHaveLength(13);
    for (const hazard of hazards) {
      const dimensions = sereno.dimensions.filter((d) => d.hazards.includes(hazard.id)).map((d) => d.id);
      expect(sereno.items.filter((item) => dimensions.includes(item.dimension)).length).toBeGreaterThanOrEqual(3);
    }
    for (const scale of Object.values(sereno.scales)) expect(scale.options).toHaveLength(5);
    expect(sereno.items.filter((item) => item.reversed).length).toBeGreaterThanOrEqual(10);
    expect(sereno.licence.note).toMatch(/Sereno/);
  });

  it("refuses an instrument whose item points at a missing dimension", () => {
    const broken = { ...sereno, items: [{ ...sereno.items[0], dimension: "nada" }] };
    expect(instrumentSchema.safeParse(broken).success).toBe(false);
  });

  it("scores 0–100 per dimension, flipping reversed items", () => {
    // All "3" answers sit in the middle whatever the direction.
    expect(Object.values(scoreAnswers(sereno, all(3)))).toEqual(Array(13).fill(50));
    // Overload: two direct items at 5 (always) and the reversed one at 1 (never finishes on time) → 100.
    const overloaded = { ...all(3), sobrecarga_1: 5, sobrecarga_2: 5, sobrecarga_3: 1 };
    expect(scoreAnswers(sereno, overloaded).sobrecarga).toBe(100);
    // Support: leadership helps "às vezes" (3 → 50), colleagues "sempre" (5 → 100), alone "nunca" (reversed 1 → 100).
    const supported = { ...all(3), falta_suporte_1: 3, falta_suporte_2: 5, falta_suporte_3: 1 };
    expect(scoreAnswers(sereno, supported).falta_suporte).toBe(83.3);
    expect(riskIndex("positive", 83.3)).toBe(16.7);
    expect(riskIndex("negative", 100)).toBe(100);
  });

  it("says which answer is missing or out of the scale", () => {
    expect(answersProblem(sereno, all(4))).toBeNull();
    expect(answersProblem(sereno, { ...all(4), assedio_1: 6 })).toBe("assedio_1");
    const { assedio_2: _, ...missing } = all(4);
    expect(answersProblem(sereno, missing)).toBe("assedio_2");
    expect(answersProblem(sereno, { ...all(4), extra: 1 })).toBe("extra");
  });
});

describe("criteria", () => {
  it("classifies severity × probability with the default 5×5 and 3×3 matrices", () => {
    const five = defaultCriteria(5);
    expect(levelOf(five, 1, 1).decision).toBe("Monitorar");
    expect(levelOf(five, 3, 3).decision).toBe("Ação planejada");
    expect(levelOf(five, 5, 5).decision).toBe("Ação imediata");
    const three = defaultCriteria(3);
    expect(three.matrix).toHaveLength(3);
    expect(levelOf(three, 3, 3).name).toBe("Alto");
    expect(levelOf(three, 1, 1).name).toBe("Baixo");
  });

  it("proposes a probability from the share of adverse answers", () => {
    expect(proposedProbability(0, 5)).toBe(1);
    expect(proposedProbability(30, 5)).toBe(3);
    expect(proposedProbability(80, 5)).toBe(5);
    expect(proposedProbability(60, 3)).toBe(3);
  });
});

describe("dates and CNPJ", () => {
  it("keeps only the Monday of the ISO week", () => {
    expect(isoWeekMonday(new Date("2026-11-22T15:00:00Z"))).toBe("2026-11-16"); // a Sunday
    expect(isoWeekMonday(new Date("2026-11-23T01:00:00Z"))).toBe("2026-11-23");
  });

  it("counts an action late from the day after its due day, on the manager's day, unless done or cancelled", () => {
    const action = { dueOn: "2026-11-22", status: "planejada" };
    // On its due day it is not late, not even at 22:30 in São Paulo, when UTC's date is already the 23rd.
    expect(isActionOverdue(action, "2026-11-22")).toBe(false);
    expect(isActionOverdue(action, "2026-11-23")).toBe(true);
    expect(isActionOverdue({ ...action, status: "em_andamento" }, "2026-11-23")).toBe(true);
    expect(isActionOverdue({ ...action, status: "concluida" }, "2026-11-23")).toBe(false);
    expect(isActionOverdue({ ...action, status: "cancelada" }, "2026-11-23")).toBe(false);
  });

  it("checks the CNPJ check digits", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000182")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCnpj("123")).toBe(false);
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });
});

describe("small groups (complementary suppression)", () => {
  const tree = [
    { id: "est", parentId: null },
    { id: "a", parentId: "est" },
    { id: "a1", parentId: "a" },
    { id: "a2", parentId: "a" },
    { id: "b", parentId: "est" },
  ];
  const counts: Record<string, number> = { a: 6, a1: 2, b: 3 };
  const items = (id: string) => Array.from({ length: counts[id] ?? 0 }, (_, i) => `${id}${i}`);
  const atLeastFive = (_id: string, group: unknown[]) => group.length >= 5;

  it("pools a small child into its parent's row, so no subtraction reveals it", async () => {
    const { shown, hidden } = await poolSmallGroups(tree, items, atLeastFive);
    // a2 held nothing and is listed hidden like the others: the list says nothing about who answered.
    expect(hidden.sort()).toEqual(["a1", "a2", "b", "est"]);
    // a's row holds a1's answers: there is no "a alone" row to subtract from.
    expect(shown).toEqual([{ id: "a", items: [...items("a"), ...items("a1")] }]);
    expect(pooledInto(tree, "a", new Set(["a"]))).toEqual(["a1", "a2"]);
    // Every answer appears in at most one shown row.
    expect(shown.flatMap((row) => row.items)).toHaveLength(8);
  });

  it("shows the pooled remainder at the parent when it reaches the minimum", async () => {
    const { shown } = await poolSmallGroups(
      tree,
      (id) => items(id === "b" ? "b" : id).concat(id === "b" ? ["x", "y"] : []),
      atLeastFive,
    );
    expect(shown.map((row) => row.id).sort()).toEqual(["a", "b"]);
  });

  it("leaves the decision to the caller (a noisy count on the server) and asks it only for groups with answers", async () => {
    const asked: string[] = [];
    const { shown } = await poolSmallGroups(tree, items, (id) => {
      asked.push(id);
      return id === "a1" || id === "est";
    });
    expect(asked.sort()).toEqual(["a", "a1", "b", "est"]);
    // a1 shown on its own (its noisy count passed), a hidden: the establishment's row holds a and b.
    expect(shown).toEqual([
      { id: "a1", items: items("a1") },
      { id: "est", items: [...items("a"), ...items("b")] },
    ]);
  });
});
