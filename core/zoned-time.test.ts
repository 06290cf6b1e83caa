import { describe, expect, it } from "vitest";
import { zonedInstant } from "./zoned-time.ts";

const iso = (day: string, hour: number, zone: string, minute = 0) =>
  zonedInstant(day, hour, zone, minute).toISOString();

describe("zonedInstant", () => {
  it("finds 03:00 local time across zones on ordinary days", () => {
    expect(iso("2026-11-22", 3, "America/Sao_Paulo")).toBe("2026-11-22T06:00:00.000Z");
    expect(iso("2026-11-22", 3, "UTC")).toBe("2026-11-22T03:00:00.000Z");
    expect(iso("2026-07-01", 3, "Europe/Lisbon")).toBe("2026-07-01T02:00:00.000Z");
    expect(iso("2026-11-26", 0, "Asia/Kolkata")).toBe("2026-11-25T18:30:00.000Z");
  });

  it("puts 03:00 in New York at 03:00 local on both change days", () => {
    // 8 March 2026: 02:00 EST becomes 03:00 EDT; 1 November 2026: 02:00 EDT becomes 01:00 EST.
    expect(iso("2026-03-07", 3, "America/New_York")).toBe("2026-03-07T08:00:00.000Z");
    expect(iso("2026-03-08", 3, "America/New_York")).toBe("2026-03-08T07:00:00.000Z");
    expect(iso("2026-03-09", 3, "America/New_York")).toBe("2026-03-09T07:00:00.000Z");
    expect(iso("2026-10-31", 3, "America/New_York")).toBe("2026-10-31T07:00:00.000Z");
    expect(iso("2026-11-01", 3, "America/New_York")).toBe("2026-11-01T08:00:00.000Z");
    expect(iso("2026-11-01", 0, "America/New_York")).toBe("2026-11-01T04:00:00.000Z");
  });

  it("moves a wall time the spring-forward skips to the first instant after the gap", () => {
    expect(iso("2026-03-08", 2, "America/New_York")).toBe("2026-03-08T07:00:00.000Z"); // 03:00 EDT
    expect(iso("2026-03-08", 2, "America/New_York", 30)).toBe("2026-03-08T07:00:00.000Z");
    expect(iso("2026-03-29", 1, "Europe/Lisbon", 30)).toBe("2026-03-29T01:00:00.000Z"); // 02:00 WEST
    // Brazil's summer time began at midnight: 4 November 2018 had no 00:00 in São Paulo.
    expect(iso("2018-11-04", 0, "America/Sao_Paulo")).toBe("2018-11-04T03:00:00.000Z"); // 01:00 -02
    expect(iso("2018-11-04", 0, "America/Sao_Paulo", 45)).toBe("2018-11-04T03:00:00.000Z");
    expect(iso("2018-11-04", 1, "America/Sao_Paulo", 30)).toBe("2018-11-04T03:30:00.000Z");
  });

  it("takes the first of a wall time the fall-back repeats", () => {
    expect(iso("2026-11-01", 1, "America/New_York", 30)).toBe("2026-11-01T05:30:00.000Z"); // EDT, not EST
    expect(iso("2026-10-25", 1, "Europe/Lisbon", 30)).toBe("2026-10-25T00:30:00.000Z"); // WEST, not WET
    // Summer time ended at midnight on 17 February 2019: 23:00–23:59 of the 16th came twice.
    expect(iso("2019-02-16", 23, "America/Sao_Paulo", 30)).toBe("2019-02-17T01:30:00.000Z"); // -02, not -03
    expect(iso("2019-02-17", 0, "America/Sao_Paulo")).toBe("2019-02-17T03:00:00.000Z");
  });

  it("gives the day's real length across a change (midnight to midnight)", () => {
    const hours = (day: string, next: string, zone: string) =>
      (zonedInstant(next, 0, zone).getTime() - zonedInstant(day, 0, zone).getTime()) / 3_600_000;
    expect(hours("2026-03-08", "2026-03-09", "America/New_York")).toBe(23);
    expect(hours("2026-11-01", "2026-11-02", "America/New_York")).toBe(25);
    expect(hours("2026-03-29", "2026-03-30", "Europe/Lisbon")).toBe(23);
    expect(hours("2026-10-25", "2026-10-26", "Europe/Lisbon")).toBe(25);
    expect(hours("2018-11-04", "2018-11-05", "America/Sao_Paulo")).toBe(23);
    expect(hours("2019-02-16", "2019-02-17", "America/Sao_Paulo")).toBe(25);
  });
});
