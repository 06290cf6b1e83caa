import { describe, expect, it } from "vitest";
import { missingAnswersMessage } from "../messages.ts";
import { measureWindow, scoreMeasure } from "./care-measures.ts";
import { missingItems } from "./missing-items.ts";
import { needsSafetyPath } from "./phq9.ts";

describe("PHQ-9 and GAD-7 scores on hand-made answers", () => {
  it("sums PHQ-9 and names its band at each cut-off (Kroenke 2001)", () => {
    const phq = (total: number) => {
      const answers = Array.from({ length: 9 }, (_, index) => Math.max(0, Math.min(3, total - index * 3)));
      return scoreMeasure("phq9", answers);
    };
    expect(scoreMeasure("phq9", [0, 0, 0, 0, 0, 0, 0, 0, 0])).toEqual({ score: 0, maxScore: 27, band: "Mínima" });
    expect(scoreMeasure("phq9", [1, 1, 1, 1, 0, 0, 0, 0, 0])).toMatchObject({ score: 4, band: "Mínima" });
    expect(scoreMeasure("phq9", [2, 1, 1, 1, 0, 0, 0, 0, 0])).toMatchObject({ score: 5, band: "Leve" });
    expect(scoreMeasure("phq9", [3, 3, 3, 0, 0, 0, 0, 0, 0])).toMatchObject({ score: 9, band: "Leve" });
    expect(scoreMeasure("phq9", [3, 3, 3, 1, 0, 0, 0, 0, 0])).toMatchObject({ score: 10, band: "Moderada" });
    expect(phq(14)).toMatchObject({ score: 14, band: "Moderada" });
    expect(phq(15)).toMatchObject({ score: 15, band: "Moderadamente grave" });
    expect(phq(19)).toMatchObject({ score: 19, band: "Moderadamente grave" });
    expect(phq(20)).toMatchObject({ score: 20, band: "Grave" });
    expect(scoreMeasure("phq9", [3, 3, 3, 3, 3, 3, 3, 3, 3])).toMatchObject({ score: 27, band: "Grave" });
  });

  it("sums GAD-7 and names its band at each cut-off (Spitzer 2006)", () => {
    expect(scoreMeasure("gad7", [1, 1, 1, 1, 0, 0, 0])).toEqual({ score: 4, maxScore: 21, band: "Mínima" });
    expect(scoreMeasure("gad7", [1, 1, 1, 1, 1, 0, 0])).toMatchObject({ score: 5, band: "Leve" });
    expect(scoreMeasure("gad7", [3, 3, 3, 0, 0, 0, 0])).toMatchObject({ score: 9, band: "Leve" });
    expect(scoreMeasure("gad7", [3, 3, 3, 1, 0, 0, 0])).toMatchObject({ score: 10, band: "Moderada" });
    expect(scoreMeasure("gad7", [3, 3, 3, 3, 2, 0, 0])).toMatchObject({ score: 14, band: "Moderada" });
    expect(scoreMeasure("gad7", [3, 3, 3, 3, 3, 0, 0])).toMatchObject({ score: 15, band: "Grave" });
    expect(scoreMeasure("gad7", [3, 3, 3, 3, 3, 3, 3])).toMatchObject({ score: 21, band: "Grave" });
  });

  it("refuses to score an incomplete or oversized list", () => {
    expect(() => scoreMeasure("gad7", [1, 1, 1])).toThrow();
    expect(() => scoreMeasure("phq9", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toThrow();
  });

  it("flags item 9 above 0 only", () => {
    expect(needsSafetyPath([0, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(false);
    expect(needsSafetyPath([3, 3, 3, 3, 3, 3, 3, 3, 0])).toBe(false);
    expect(needsSafetyPath([0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
  });

  it("names the missing items in pt-BR", () => {
    expect(missingItems([0, null, 1, undefined, 2], 7)).toEqual([2, 4, 6, 7]);
    expect(missingAnswersMessage([9])).toBe("Responda à pergunta 9 para enviar.");
    expect(missingAnswersMessage([2, 4, 9])).toBe("Responda às perguntas 2, 4 e 9 para enviar.");
  });

  it("asks before the first session and again after every fourth held", () => {
    expect([0, 1, 3, 4, 7, 8, 12].map(measureWindow)).toEqual([0, 0, 0, 1, 1, 2, 3]);
  });
});
