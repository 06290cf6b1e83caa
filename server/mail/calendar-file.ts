/**
 * The one way Sereno writes an .ics (care appointments, docs/decisions/025;
 * group sessions, docs/decisions/024): a stable UID per event, SEQUENCE
 * raised on every change, CLASS:PRIVATE, METHOD:PUBLISH, and a status that
 * follows a cancellation. The caller chooses the title: a neutral 'Compromisso Sereno'
 * wherever the event itself would say something about someone's health.
 */
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventClass, ICalEventStatus } from "ical-generator";
import { vtimezone } from "./vtimezone.ts";

export type CalendarEvent = {
  /** Stable for the event's whole life, e.g. `<id>@<domain>`. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** Writes DTSTART/DTEND as wall time with this TZID; UTC ('Z') when omitted. */
  timeZone?: string;
  /** When the event last changed (DTSTAMP); now when omitted. */
  stamp?: Date;
  title: string;
  description: string;
  url: string;
  location?: string | null;
  /** Written as STATUS:CANCELLED with the raised SEQUENCE: the one way a published event is withdrawn. */
  cancelled: boolean;
};

/**
 * With a time zone, ical-generator writes a plain Date's UTC fields as the wall time of the TZID
 * (an 18:00 session in São Paulo became 21:00 there, issue 30); a TZDate gives it the zone's wall time.
 */
function inZone(at: Date, timeZone: string | undefined): Date {
  return timeZone ? new TZDate(at, timeZone) : at;
}

export function calendarFile(event: CalendarEvent): string {
  const calendar = ical({ name: "Sereno", prodId: { company: "Sereno", product: "Sereno", language: "PT-BR" } });
  // Always PUBLISH (issue 45, minor list): REQUEST and CANCEL are scheduling messages that RFC 5546
  // requires ORGANIZER and ATTENDEE for, and Sereno names neither (a calendar is seen by others).
  calendar.method(ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    start: inZone(event.start, event.timeZone),
    end: inZone(event.end, event.timeZone),
    timezone: event.timeZone,
    summary: event.title,
    description: event.description,
    location: event.location ?? undefined,
    url: event.url,
    class: ICalEventClass.PRIVATE,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // A TZID needs its VTIMEZONE in the file (RFC 5545), or Outlook cannot place the event. Added by
  // hand: ical-generator's calendar time zone would also write DTSTAMP as local time, which must be UTC.
  const file = calendar.toString();
  return event.timeZone
    ? file.replace("BEGIN:VEVENT", `${vtimezone(event.timeZone, event.start)}\r\nBEGIN:VEVENT`)
    : file;
}
