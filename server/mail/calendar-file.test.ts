import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { icsTimes } from "#tests/api/ics.ts";
import { calendarFile } from "./calendar-file.ts";

const event = (start: string, minutes: number, timeZone?: string) =>
  calendarFile({
    uid: "evento@sereno",
    sequence: 0,
    start: new Date(start),
    end: new Date(new Date(start).getTime() + minutes * 60_000),
    timeZone,
    title: "Compromisso Sereno",
    description: "Detalhes no Sereno",
    url: "https://sereno.exemplo.com.br/care",
    cancelled: false,
  });

describe("calendarFile", () => {
  // The bug hid wherever the server's own zone was the event's: run these in a third one.
  const serverZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "Asia/Tokyo";
  });
  afterAll(() => {
    if (serverZone === undefined) delete process.env.TZ;
    else process.env.TZ = serverZone;
  });

  it("writes a zoned event as that zone's wall time, the same instant as the booking (issue 30)", () => {
    const ics = event("2026-11-23T18:00:00-03:00", 50, "America/Sao_Paulo");
    expect(ics).toContain("DTSTART;TZID=America/Sao_Paulo:20261123T180000");
    expect(ics).toContain("DTEND;TZID=America/Sao_Paulo:20261123T185000");
    const times = icsTimes(ics);
    expect(times.start.toISOString()).toBe("2026-11-23T21:00:00.000Z");
    expect(times.end.toISOString()).toBe("2026-11-23T21:50:00.000Z");
  });

  it("keeps the instant across daylight-saving changes, in the old Brasília summer time and in New York", () => {
    for (const [start, zone] of [
      ["2018-11-04T01:30:00-02:00", "America/Sao_Paulo"], // the first hour of summer time
      ["2019-02-16T23:30:00-02:00", "America/Sao_Paulo"], // the first of the two 23:30s
      ["2026-11-01T01:30:00-04:00", "America/New_York"], // the first of the two 01:30s
      ["2026-03-08T03:00:00-04:00", "America/New_York"],
    ] as const) {
      const times = icsTimes(event(start, 50, zone));
      expect(times.start.getTime(), `${start} ${zone}`).toBe(new Date(start).getTime());
    }
  });

  it("writes UTC when no zone is given", () => {
    const ics = event("2026-11-23T18:00:00-03:00", 60);
    expect(ics).toContain("DTSTART:20261123T210000Z");
    expect(icsTimes(ics).start.toISOString()).toBe("2026-11-23T21:00:00.000Z");
  });
});
