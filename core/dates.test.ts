import { describe, expect, it } from "vitest";
import { addDays, daysBetween, formatDayPtBR, localDay, relativeTimePtBR } from "./dates.ts";

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
    expect(formatDayPtBR("2026-11-02")).toBe("02/11/2026");
  });
});

describe("relativeTimePtBR", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("uses minutes under an hour, hours under a day, then days", () => {
    expect(relativeTimePtBR(new Date("2026-11-22T11:55:00Z"), now)).toBe("há 5 minutos");
    expect(relativeTimePtBR(new Date("2026-11-22T11:59:00Z"), now)).toBe("há 1 minuto");
    expect(relativeTimePtBR(new Date("2026-11-22T09:00:00Z"), now)).toBe("há 3 horas");
    expect(relativeTimePtBR(new Date("2026-11-21T11:00:00Z"), now)).toBe("há 1 dia");
    expect(relativeTimePtBR(new Date("2026-11-12T12:00:00Z"), now)).toBe("há 10 dias");
  });
});
