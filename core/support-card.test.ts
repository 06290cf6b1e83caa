import { describe, expect, it } from "vitest";
import { addDays } from "./dates.ts";
import { showsLowPattern, supportCardVisible } from "./support-card.ts";

const today = "2026-11-22";
/** Moods newest first, one a day ending today. */
const daily = (...moods: number[]) => moods.map((mood, index) => ({ day: addDays(today, -index), mood }));

describe("showsLowPattern (docs/decisions/023)", () => {
  it("fires on a mood of 2 or less on 3 of the last 5 check-ins", () => {
    expect(showsLowPattern(daily(2, 4, 1, 3, 2), today)).toBe(true);
    expect(showsLowPattern(daily(2, 2, 2), today)).toBe(true);
  });
  it("does not fire on 2 low moods out of 5, or when the third is older than the last 5", () => {
    expect(showsLowPattern(daily(2, 4, 1, 3, 3), today)).toBe(false);
    expect(showsLowPattern(daily(2, 4, 1, 3, 3, 2), today)).toBe(false);
  });
  it("fires on 'Muito Baixo' twice in a row, and not on two apart", () => {
    expect(showsLowPattern(daily(4, 1, 1), today)).toBe(true);
    expect(showsLowPattern(daily(1, 4, 1, 5, 5), today)).toBe(false);
  });
  it("reads only the last 14 days", () => {
    const old = [13, 14, 15].map((ago) => ({ day: addDays(today, -ago), mood: 1 }));
    expect(showsLowPattern(old, today)).toBe(false);
    expect(showsLowPattern([{ day: addDays(today, -12), mood: 1 }, ...old.slice(0, 1)], today)).toBe(true);
    expect(showsLowPattern([], today)).toBe(false);
  });
  it("never depends on anything but the moods: good days clear it", () => {
    expect(showsLowPattern(daily(5, 4, 4, 3, 5), today)).toBe(false);
  });
});

describe("supportCardVisible", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("shows with the pattern and no dismissal, hides without the pattern", () => {
    expect(supportCardVisible(true, null, now)).toBe(true);
    expect(supportCardVisible(false, null, now)).toBe(false);
  });
  it("after a dismissal, shows again only a week later", () => {
    expect(supportCardVisible(true, new Date("2026-11-16T12:00:01Z"), now)).toBe(false);
    expect(supportCardVisible(true, new Date("2026-11-15T12:00:00Z"), now)).toBe(true);
  });
});
