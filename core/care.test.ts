import { describe, expect, it } from "vitest";
import {
  bookingConfirmation,
  canMarkNoShow,
  canShowVideoLink,
  careInstant,
  careInviteAddress,
  computeSlots,
  cycleEnd,
  cycleStart,
  isAvailableWithin,
  isLateCancellation,
  isOnGrid,
  isVerificationCurrent,
  ruleChangeDay,
  windowStarts,
} from "./care.ts";

// 2026-11-23 is a Monday; Brazil has had no daylight saving time since 2019: São Paulo is UTC−3 all year.
const monday = { weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 };

describe("care slots", () => {
  it("puts a session every session+buffer minutes while it fits in the window", () => {
    expect(windowStarts(monday, 50, 10)).toEqual([540, 600, 660]);
    expect(windowStarts({ weekday: 1, startMinute: 540, endMinute: 589 }, 50, 10)).toEqual([]);
    expect(windowStarts(monday, 50, 0)).toEqual([540, 590, 640]);
  });

  it("reads the window in São Paulo time, in summer and in winter alike", () => {
    expect(careInstant("2026-01-12", 540).toISOString()).toBe("2026-01-12T12:00:00.000Z");
    expect(careInstant("2026-07-13", 540).toISOString()).toBe("2026-07-13T12:00:00.000Z");
    expect(careInstant("2026-11-23", 23 * 60 + 30).toISOString()).toBe("2026-11-24T02:30:00.000Z");
  });

  it("keeps the grid's wall times on a daylight-saving day, with no two slots at once", () => {
    // Should Brazil bring summer time back: on Sunday 4 November 2018 São Paulo went from 00:00 to 01:00.
    const sunday = { weekday: 0, startMinute: 0, endMinute: 3 * 60 };
    const slots = computeSlots({
      windows: [sunday],
      sessionMinutes: 50,
      bufferMinutes: 10,
      timeOff: [],
      taken: [],
      from: new Date("2018-11-03T12:00:00Z"),
      days: 2,
    });
    // 00:00 does not exist: it moves to 01:00 (UTC−2), which is also the 01:00 slot; 02:00 stays 02:00.
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      "2018-11-04T03:00:00.000Z",
      "2018-11-04T04:00:00.000Z",
    ]);
    expect(isOnGrid(new Date("2018-11-04T04:00:00Z"), [sunday], 50, 10)).toBe(true);
    // The fall-back's repeated hour (23:00 on 16 February 2019) is its first occurrence, in summer time.
    expect(careInstant("2019-02-16", 23 * 60 + 30).toISOString()).toBe("2019-02-17T01:30:00.000Z");
  });

  it("offers the free slots of the next days, skipping time off, taken slots and short notice", () => {
    const slots = computeSlots({
      windows: [monday],
      sessionMinutes: 50,
      bufferMinutes: 10,
      timeOff: [{ startsAt: new Date("2026-11-30T12:00:00Z"), endsAt: new Date("2026-11-30T13:00:00Z") }],
      taken: [{ startsAt: new Date("2026-11-30T14:00:00Z"), endsAt: new Date("2026-11-30T14:50:00Z") }],
      from: new Date("2026-11-23T12:30:00Z"),
      days: 8,
    });
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      // 09:00 of the 23rd is past and 10:00 is under an hour away.
      "2026-11-23T14:00:00.000Z",
      "2026-11-30T13:00:00.000Z",
    ]);
    expect(slots[0]?.endsAt.toISOString()).toBe("2026-11-23T14:50:00.000Z");
  });

  it("recognises a start on the grid only", () => {
    expect(isOnGrid(new Date("2026-11-23T13:00:00Z"), [monday], 50, 10)).toBe(true);
    expect(isOnGrid(new Date("2026-11-23T13:10:00Z"), [monday], 50, 10)).toBe(false);
    expect(isOnGrid(new Date("2026-11-24T13:00:00Z"), [monday], 50, 10)).toBe(false);
  });
});

describe("credit cycles", () => {
  it("starts a cycle on the first day of its month, quarter or year in São Paulo", () => {
    // 02:00 UTC on Dec 1st is still Nov 30th in São Paulo.
    const at = new Date("2026-12-01T02:00:00Z");
    expect(cycleStart(at, "month")).toBe("2026-11-01");
    expect(cycleStart(at, "quarter")).toBe("2026-10-01");
    expect(cycleStart(at, "year")).toBe("2026-01-01");
    expect(cycleStart(new Date("2026-12-01T03:00:00Z"), "month")).toBe("2026-12-01");
  });

  it("ends a cycle on the first day of the next", () => {
    expect(cycleEnd("2026-12-01", "month")).toBe("2027-01-01");
    expect(cycleEnd("2026-10-01", "quarter")).toBe("2027-01-01");
    expect(cycleEnd("2026-01-01", "year")).toBe("2027-01-01");
  });

  it("starts a change of rule where a current cycle ends and a new one starts (docs/decisions/039)", () => {
    const november = new Date("2026-11-22T12:00:00-03:00");
    expect(ruleChangeDay(november, "month", "month")).toBe("2026-12-01");
    // December is not the start of a quarter: it stays a month of the current rule.
    expect(ruleChangeDay(november, "month", "quarter")).toBe("2027-01-01");
    expect(ruleChangeDay(new Date("2026-08-10T12:00:00-03:00"), "month", "quarter")).toBe("2026-10-01");
    expect(ruleChangeDay(november, "quarter", "month")).toBe("2027-01-01");
    expect(ruleChangeDay(new Date("2026-05-10T12:00:00-03:00"), "quarter", "year")).toBe("2027-01-01");
    expect(ruleChangeDay(new Date("2026-05-10T12:00:00-03:00"), "year", "month")).toBe("2027-01-01");
    // The last evening of a month in São Paulo is still that month.
    expect(ruleChangeDay(new Date("2026-12-01T02:00:00Z"), "month", "month")).toBe("2026-12-01");
  });
});

describe("time rules", () => {
  const startsAt = new Date("2026-11-25T13:00:00Z");
  it("is a free cancellation at exactly 24 h before, a late one a second after", () => {
    expect(isLateCancellation(startsAt, new Date("2026-11-24T13:00:00Z"))).toBe(false);
    expect(isLateCancellation(startsAt, new Date("2026-11-24T13:00:01Z"))).toBe(true);
    expect(isLateCancellation(startsAt, new Date("2026-11-24T12:59:59Z"))).toBe(false);
  });

  it("shows the video link from 15 min before until the end", () => {
    const endsAt = new Date("2026-11-25T13:50:00Z");
    expect(canShowVideoLink(startsAt, endsAt, new Date("2026-11-25T12:44:59Z"))).toBe(false);
    expect(canShowVideoLink(startsAt, endsAt, new Date("2026-11-25T12:45:00Z"))).toBe(true);
    expect(canShowVideoLink(startsAt, endsAt, new Date("2026-11-25T13:50:00Z"))).toBe(false);
  });

  it("lets a no-show be marked from 10 min after the start", () => {
    expect(canMarkNoShow(startsAt, new Date("2026-11-25T13:09:59Z"))).toBe(false);
    expect(canMarkNoShow(startsAt, new Date("2026-11-25T13:10:00Z"))).toBe(true);
  });

  it("keeps a verification current for 12 months", () => {
    const verifiedAt = new Date("2025-11-23T12:00:00Z");
    expect(isVerificationCurrent(verifiedAt, new Date("2026-11-23T11:59:59Z"))).toBe(true);
    expect(isVerificationCurrent(verifiedAt, new Date("2026-11-23T12:00:00Z"))).toBe(false);
    expect(isVerificationCurrent(null, new Date())).toBe(false);
  });
});

describe("the directory's next-available filter", () => {
  // Sunday 22 Nov 2026, 22:00 in São Paulo (01:00Z on Monday): the day that counts is Sunday's.
  const at = new Date("2026-11-23T01:00:00Z");
  it("counts São Paulo calendar days, today being the first", () => {
    expect(isAvailableWithin(new Date("2026-11-24T02:59:00Z"), at, "hoje-ou-amanha")).toBe(true); // Monday 23:59
    expect(isAvailableWithin(new Date("2026-11-24T03:00:00Z"), at, "hoje-ou-amanha")).toBe(false); // Tuesday 00:00
    expect(isAvailableWithin(new Date("2026-11-29T02:59:00Z"), at, "7-dias")).toBe(true); // Saturday 23:59
    expect(isAvailableWithin(new Date("2026-11-29T03:00:00Z"), at, "7-dias")).toBe(false); // the 8th day
  });
  it("leaves out whoever has no free slot", () => {
    expect(isAvailableWithin(null, at, "7-dias")).toBe(false);
  });
});

describe("the booking's confirmation", () => {
  it("mentions e-mail only to someone an invite goes to", () => {
    const internal = "u1@sem-email.sereno.invalid";
    expect(careInviteAddress(null, internal)).toBeNull();
    expect(careInviteAddress("pessoal@exemplo.com.br", internal)).toBe("pessoal@exemplo.com.br");
    expect(careInviteAddress(null, "ana@empresa.com.br")).toBe("ana@empresa.com.br");
    for (const rescheduled of [false, true]) {
      expect(bookingConfirmation({ rescheduled, inviteTo: null })).not.toMatch(/Enviamos/);
      expect(bookingConfirmation({ rescheduled, inviteTo: null })).toContain("não tem e-mail");
      expect(bookingConfirmation({ rescheduled, inviteTo: "ana@empresa.com.br" })).toContain("por e-mail");
    }
  });
});
