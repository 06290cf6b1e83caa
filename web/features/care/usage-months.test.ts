import { describe, expect, it } from "vitest";
import { listMonths, splitUsageMonths } from "./usage-months.ts";

const month = (id: string, people: number | null, members = 40) => ({
  month: id,
  shown: people !== null,
  people,
  margin: 8,
  members,
});

describe("splitUsageMonths", () => {
  it("puts the months with a number in the table, newest first, and names the others", () => {
    const usage = {
      minGroup: 5,
      months: [month("2026-06", null), month("2026-07", 12), month("2026-08", null), month("2026-09", 9)],
    };
    const { shown, hidden, isCompanyTooSmall } = splitUsageMonths(usage);
    expect(shown.map((m) => m.month)).toEqual(["2026-09", "2026-07"]);
    expect(hidden).toEqual(["2026-06", "2026-08"]);
    expect(isCompanyTooSmall).toBe(false);
  });

  it("says when the company itself is below the minimum group", () => {
    const usage = { minGroup: 5, months: [month("2026-08", null, 6), month("2026-09", null, 4)] };
    expect(splitUsageMonths(usage)).toMatchObject({ shown: [], isCompanyTooSmall: true });
  });
});

describe("listMonths", () => {
  it("names the months once per year, in pt-BR", () => {
    expect(listMonths(["2026-09", "2026-10", "2026-11", "2027-01"])).toBe(
      "setembro, outubro e novembro de 2026 e janeiro de 2027",
    );
    expect(listMonths(["2026-05"])).toBe("maio de 2026");
  });
});
