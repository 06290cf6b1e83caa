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

  it("says the days in pt-BR", () => {
    expect(describeDays([1, 2, 3, 4, 5])).toBe("de segunda a sexta");
    expect(describeDays([0, 1, 2, 3, 4, 5, 6])).toBe("todos os dias");
    expect(describeDays([5, 1, 3])).toBe("segunda, quarta e sexta");
  });
});
