import { describe, expect, it } from "vitest";
import { isMoodWithheld, moodBand, moodPercent, participationPercent } from "./team-metrics.ts";

describe("team metrics", () => {
  it("computes participation over the members of each day (member-days)", () => {
    expect(participationPercent(35, 10 * 7)).toBe(50);
    expect(participationPercent(1, 3 * 7)).toBe(4.8);
    expect(participationPercent(5, 0)).toBe(0);
  });
  it("turns a mean mood into a percentage and a band", () => {
    expect(moodPercent(3.6)).toBe(72);
    expect(moodBand(72)).toBe("good");
    expect(moodBand(40)).toBe("attention");
    expect(moodBand(39)).toBe("concern");
  });
  it("withholds moods below the minimum group, never below 3", () => {
    expect(isMoodWithheld(4, 5)).toBe(true);
    expect(isMoodWithheld(5, 5)).toBe(false);
    expect(isMoodWithheld(2, 1)).toBe(true);
  });
});
