import { describe, expect, it } from "vitest";
import { addDays, daysBetween, localDay } from "./dates.ts";

describe("localDay", () => {
  it("puts 23:30 and 00:30 in São Paulo on different days, whatever the UTC date", () => {
    // 23:30 in São Paulo (UTC-3) is 02:30 UTC of the next day.
    expect(localDay(new Date("2026-03-11T02:30:00Z"), "America/Sao_Paulo")).toBe("2026-03-10");
    expect(localDay(new Date("2026-03-11T03:30:00Z"), "America/Sao_Paulo")).toBe("2026-03-11");
  });

  it("turns the day at the zone's midnight to the second, asked in any order and across zones", () => {
    const at = (iso: string) => new Date(iso);
    expect(localDay(at("2026-11-26T02:59:59.999Z"), "America/Sao_Paulo")).toBe("2026-11-25");
    expect(localDay(at("2026-11-26T02:59:59.999Z"), "Asia/Kolkata")).toBe("2026-11-26");
    expect(localDay(at("2026-11-26T03:00:00Z"), "America/Sao_Paulo")).toBe("2026-11-26");
    expect(localDay(at("2026-11-26T02:59:30Z"), "America/Sao_Paulo")).toBe("2026-11-25");
    // Kolkata is UTC+5:30: its midnight falls on a half hour of UTC.
    expect(localDay(at("2026-11-26T18:29:59Z"), "Asia/Kolkata")).toBe("2026-11-26");
    expect(localDay(at("2026-11-26T18:30:00Z"), "Asia/Kolkata")).toBe("2026-11-27");
    expect(localDay(at("2026-11-26T18:29:00Z"), "Asia/Kolkata")).toBe("2026-11-26");
  });
});

describe("day arithmetic", () => {
  it("adds days across months and counts both ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysBetween("2026-01-01", "2026-01-07")).toBe(7);
  });
});
