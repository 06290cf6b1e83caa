import { describe, expect, it } from "vitest";
import { addDays, daysBetween, localDay } from "./dates.ts";

describe("localDay", () => {
  it("puts 23:30 and 00:30 in São Paulo on different days, whatever the UTC date", () => {
    // 23:30 in São Paulo (UTC-3) is 02:30 UTC of the next day.
    expect(localDay(new Date("2026-03-11T02:30:00Z"), "America/Sao_Paulo")).toBe("2026-03-10");
    expect(localDay(new Date("2026-03-11T03:30:00Z"), "America/Sao_Paulo")).toBe("2026-03-11");
  });
});

describe("day arithmetic", () => {
  it("adds days across months and counts both ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysBetween("2026-01-01", "2026-01-07")).toBe(7);
  });
});
