import { describe, expect, it } from "vitest";
import { describeDays, isInQuietHours, localClock, minutesOf, reminderDueDay } from "./reminders.ts";
import { defaultNotificationPreferences } from "./schemas/me.ts";

const sp = "America/Sao_Paulo";
const person = { preferences: defaultNotificationPreferences, timezone: sp, lastCheckInDay: null };

describe("reminders", () => {
  it("reads quiet hours across midnight, and equal ends as none", () => {
    expect(isInQuietHours(minutesOf("21:00"), "20:00", "08:00")).toBe(true);
    expect(isInQuietHours(minutesOf("07:59"), "20:00", "08:00")).toBe(true);
    expect(isInQuietHours(minutesOf("08:00"), "20:00", "08:00")).toBe(false);
    expect(isInQuietHours(minutesOf("13:00"), "12:00", "14:00")).toBe(true);
    expect(isInQuietHours(minutesOf("13:00"), "12:00", "12:00")).toBe(false);
  });

  it("reads the wall clock of the person's time zone", () => {
    // Monday 23 Nov 2026, 09:30 in São Paulo is 12:30 UTC.
    expect(localClock(new Date("2026-11-23T12:30:00Z"), sp)).toEqual({ day: "2026-11-23", weekday: 1, minute: 570 });
  });

  it("is due from the chosen time for an hour, on chosen days, without a check-in that day", () => {
    expect(reminderDueDay(person, new Date("2026-11-23T09:29:00-03:00"))).toBeNull();
    expect(reminderDueDay(person, new Date("2026-11-23T09:30:00-03:00"))).toBe("2026-11-23");
    expect(reminderDueDay(person, new Date("2026-11-23T10:29:00-03:00"))).toBe("2026-11-23");
    expect(reminderDueDay(person, new Date("2026-11-23T10:30:00-03:00"))).toBeNull();
    // Sunday is not a weekday.
    expect(reminderDueDay(person, new Date("2026-11-22T09:30:00-03:00"))).toBeNull();
    expect(
      reminderDueDay({ ...person, lastCheckInDay: "2026-11-23" }, new Date("2026-11-23T09:45:00-03:00")),
    ).toBeNull();
    expect(
      reminderDueDay(
        { ...person, preferences: { ...defaultNotificationPreferences, reminders: false } },
        new Date("2026-11-23T09:45:00-03:00"),
      ),
    ).toBeNull();
    expect(
      reminderDueDay(
        { ...person, preferences: { ...defaultNotificationPreferences, email: false, push: false } },
        new Date("2026-11-23T09:45:00-03:00"),
      ),
    ).toBeNull();
    // Push alone is a way to be reminded (docs/decisions/027).
    expect(
      reminderDueDay(
        { ...person, preferences: { ...defaultNotificationPreferences, email: false } },
        new Date("2026-11-23T09:45:00-03:00"),
      ),
    ).toBe("2026-11-23");
  });

  it("never falls in the quiet hours, even inside the window", () => {
    const late = { ...defaultNotificationPreferences, reminderTime: "19:45" };
    expect(reminderDueDay({ ...person, preferences: late }, new Date("2026-11-23T19:50:00-03:00"))).toBe("2026-11-23");
    expect(reminderDueDay({ ...person, preferences: late }, new Date("2026-11-23T20:05:00-03:00"))).toBeNull();
  });

  describe("on daylight-saving days (docs/decisions/029)", () => {
    const ny = "America/New_York";
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    const at = (reminderTime: string, quietStart = "00:00", quietEnd = "00:00") => ({
      ...person,
      timezone: ny,
      preferences: { ...defaultNotificationPreferences, reminderTime, reminderDays: everyDay, quietStart, quietEnd },
    });
    const due = (who: ReturnType<typeof at>, iso: string) => reminderDueDay(who, new Date(iso));

    it("keeps 03:00 at 03:00 in New York when the clocks change", () => {
      // 8 March 2026: 02:00 EST jumps to 03:00 EDT (07:00 UTC); 1 November: 02:00 EDT falls back to 01:00 EST.
      expect(due(at("03:00"), "2026-03-08T06:59:00Z")).toBeNull();
      expect(due(at("03:00"), "2026-03-08T07:00:00Z")).toBe("2026-03-08");
      expect(due(at("03:00"), "2026-03-08T08:00:00Z")).toBeNull();
      expect(due(at("03:00"), "2026-11-01T07:30:00Z")).toBeNull(); // 02:30 EST
      expect(due(at("03:00"), "2026-11-01T08:00:00Z")).toBe("2026-11-01");
      expect(due(at("03:00"), "2026-11-01T08:59:00Z")).toBe("2026-11-01");
    });

    it("sends a time the spring-forward skips from the first minute after the gap, for the whole window", () => {
      // 02:00 and 02:30 do not exist on 8 March: both are due from 03:00 EDT until 04:00 EDT.
      for (const time of ["02:00", "02:30"]) {
        expect(due(at(time), "2026-03-08T06:59:00Z"), time).toBeNull();
        expect(due(at(time), "2026-03-08T07:00:00Z"), time).toBe("2026-03-08");
        expect(due(at(time), "2026-03-08T07:59:00Z"), time).toBe("2026-03-08");
        expect(due(at(time), "2026-03-08T08:00:00Z"), time).toBeNull();
      }
    });

    it("sends a time the fall-back repeats from its first occurrence, and not again at the second", () => {
      // 01:30 comes at 05:30 UTC (EDT) and again at 06:30 UTC (EST).
      expect(due(at("01:30"), "2026-11-01T05:30:00Z")).toBe("2026-11-01");
      expect(due(at("01:30"), "2026-11-01T06:15:00Z")).toBe("2026-11-01"); // 01:15 EST, 45 minutes on
      expect(due(at("01:30"), "2026-11-01T06:30:00Z")).toBeNull();
      expect(due(at("01:30"), "2026-11-01T07:00:00Z")).toBeNull();
    });

    it("still keeps the quiet hours, read on the wall clock, when the change moves the reminder into them", () => {
      // 02:30 sits just before quiet hours from 03:00; on 8 March it becomes 03:00 EDT, inside them: nothing that day.
      const beforeQuiet = at("02:30", "03:00", "07:00");
      expect(due(beforeQuiet, "2026-03-09T06:30:00Z")).toBe("2026-03-09"); // an ordinary day: 02:30 EDT
      expect(due(beforeQuiet, "2026-03-08T07:00:00Z")).toBeNull();
      expect(due(beforeQuiet, "2026-03-08T07:59:00Z")).toBeNull();
      // Quiet hours ending at 02:00 in Lisbon on 29 March (01:00 WET jumps to 02:00 WEST): 01:30 is due from 02:00 WEST.
      const lisbon = { ...at("01:30", "22:00", "02:00"), timezone: "Europe/Lisbon" };
      expect(due(lisbon, "2026-03-29T00:59:00Z")).toBeNull();
      expect(due(lisbon, "2026-03-29T01:00:00Z")).toBe("2026-03-29");
      expect(due(lisbon, "2026-03-29T01:45:00Z")).toBe("2026-03-29");
    });

    it("does the same in São Paulo's old summer time, which began and ended at midnight", () => {
      const sao = { ...at("00:30", "22:00", "22:00"), timezone: "America/Sao_Paulo" };
      // 4 November 2018: 00:00 −03 jumped to 01:00 −02 (03:00 UTC); 00:30 is due from 01:00 until 02:00.
      expect(due(sao, "2018-11-04T03:00:00Z")).toBe("2018-11-04");
      expect(due(sao, "2018-11-04T03:59:00Z")).toBe("2018-11-04");
      expect(due(sao, "2018-11-04T04:00:00Z")).toBeNull();
      // 17 February 2019: midnight came once (03:00 UTC), after 23:00–23:59 of the 16th came twice.
      expect(due(sao, "2019-02-17T03:30:00Z")).toBe("2019-02-17");
      const late = { ...sao, preferences: { ...sao.preferences, reminderTime: "23:30" } };
      expect(due(late, "2019-02-17T01:30:00Z")).toBe("2019-02-16");
      expect(due(late, "2019-02-17T02:30:00Z")).toBeNull(); // the second 23:30
    });
  });

  it("says the days in pt-BR", () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe("de segunda a sexta");
    expect(describeDays([0, 1, 2, 3, 4, 5, 6])).toBe("todos os dias");
    expect(describeDays([5, 1, 3])).toBe("segunda, quarta e sexta");
  });
});
