import { describe, expect, it } from "vitest";
import { addMonths, parseDay } from "./date-input.ts";

describe("parseDay", () => {
  it("reads a day as people write it in Brazil, and as ISO", () => {
    expect(parseDay("12/11/2026")).toBe("2026-11-12");
    expect(parseDay(" 5/3/2024 ")).toBe("2024-03-05");
    expect(parseDay("12.11.2026")).toBe("2026-11-12");
    expect(parseDay("2026-11-12")).toBe("2026-11-12");
    expect(parseDay("2026-11-12T00:00:00.000Z")).toBe("2026-11-12");
  });

  it("refuses days the calendar does not have, partial days and far years", () => {
    expect(parseDay("31/02/2026")).toBeNull();
    expect(parseDay("29/02/2026")).toBeNull();
    expect(parseDay("29/02/2028")).toBe("2028-02-29");
    expect(parseDay("00/01/2026")).toBeNull();
    expect(parseDay("12/13/2026")).toBeNull();
    expect(parseDay("12/11/26")).toBeNull();
    expect(parseDay("12/11")).toBeNull();
    expect(parseDay("01/01/1899")).toBeNull();
    expect(parseDay("ontem")).toBeNull();
    expect(parseDay("")).toBeNull();
  });
});

describe("addMonths", () => {
  it("moves a day by whole months, to the month's last day when it is shorter", () => {
    expect(addMonths("2026-11-12", 1)).toBe("2026-12-12");
    expect(addMonths("2026-12-12", 1)).toBe("2027-01-12");
    expect(addMonths("2026-01-12", -1)).toBe("2025-12-12");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-03-31", -1)).toBe("2028-02-29");
    expect(addMonths("2026-05-31", 12)).toBe("2027-05-31");
  });
});
