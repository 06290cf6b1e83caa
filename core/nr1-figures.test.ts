import { describe, expect, it } from "vitest";
import {
  classifyFigure,
  classifyShare,
  clippedRange,
  consistentRanges,
  describeClassified,
  formatRange,
  INCONCLUSIVE,
  probabilityTone,
} from "./nr1-figures.ts";
import { defaultCriteria } from "./risks.ts";

const labels5 = defaultCriteria(5).probability.map((p) => p.label);

describe("NR-1 ranges (issue 45 item 5, docs/decisions/060)", () => {
  it("clips a range to its scale and rounds its ends outward to whole points", () => {
    expect(clippedRange(100, 45)).toEqual({ low: 55, high: 100 });
    expect(clippedRange(0, 90)).toEqual({ low: 0, high: 90 });
    expect(clippedRange(62.4, 8.7)).toEqual({ low: 53, high: 72 });
    expect(clippedRange(-3, 2)).toEqual({ low: 0, high: 0 });
    expect(clippedRange(40, null)).toEqual({ low: 40, high: 40 });
  });

  it("writes a range as 'entre … e …', never with ±", () => {
    expect(formatRange({ low: 55, high: 100 }, "%")).toBe("entre 55 % e 100 %");
    expect(formatRange({ low: 40, high: 62 })).toBe("entre 40 e 62");
    expect(formatRange({ low: 0, high: 0 }, "%")).toBe("0 %");
  });
});

describe("classifying a cell by the criteria's bands of % adverse", () => {
  it("classifies a range that sits in one band and calls one that reaches into two inconclusive", () => {
    // 5 bands: <10, 10–25, 25–50, 50–75, ≥75.
    expect(classifyShare({ low: 30, high: 45 }, 5)).toBe(3);
    expect(classifyShare({ low: 80, high: 100 }, 5)).toBe(5);
    expect(classifyShare({ low: 0, high: 10 }, 5)).toBe(1);
    expect(classifyShare({ low: 55, high: 100 }, 5)).toBeNull();
    expect(classifyShare({ low: 0, high: 90 }, 5)).toBeNull();
    // The same range on a 3-point scale (<25, 25–50, ≥50).
    expect(classifyShare({ low: 55, high: 100 }, 3)).toBe(3);
    expect(classifyShare({ low: 20, high: 30 }, 3)).toBeNull();
  });

  it("colours a cell by its class, and an inconclusive one by nothing", () => {
    expect(probabilityTone(5, 5)).toBe("danger");
    expect(probabilityTone(3, 5)).toBe("warning");
    expect(probabilityTone(1, 5)).toBe("success");
    expect(probabilityTone(2, 3)).toBe("warning");
    expect(probabilityTone(null, 5)).toBeUndefined();
  });
});

describe("an index and an adverse share that must agree", () => {
  it("finds no cell where an index of at most 20 sits beside at least 55 % adverse (cutoff 60)", () => {
    // 55 % of people at 60 or more already make the mean at least 33.
    expect(consistentRanges({ low: 0, high: 20 }, { low: 55, high: 100 }, 60)).toBeNull();
    const figure = classifyFigure({ index: 0, margin: 20, adverseShare: 100, adverseMargin: 45 }, 60, 5);
    expect(figure.probability).toBeNull();
    expect(describeClassified(figure, labels5)).toBe(
      `entre 55 % e 100 % das respostas em faixa adversa, ${INCONCLUSIVE}`,
    );
  });

  it("narrows each range to what the other allows, and classifies on the narrowed share", () => {
    // An index of at most 26 allows at most 43 % at 60 or more; 10 % adverse makes the index at least 6.
    expect(consistentRanges({ low: 0, high: 26 }, { low: 10, high: 100 }, 60)).toEqual({
      index: { low: 6, high: 26 },
      adverse: { low: 10, high: 43 },
    });
    const figure = classifyFigure({ index: 20, margin: 5, adverseShare: 40, adverseMargin: 60 }, 60, 5);
    expect(figure.adverseRange).toEqual({ low: 0, high: 41 });
    const clear = classifyFigure({ index: 70, margin: 4, adverseShare: 88, adverseMargin: 5 }, 60, 5);
    expect(clear).toEqual({ indexRange: { low: 66, high: 74 }, adverseRange: { low: 83, high: 93 }, probability: 5 });
    expect(describeClassified(clear, labels5)).toBe("entre 83 % e 93 % das respostas em faixa adversa (Quase certa)");
  });
});
