/**
 * A group session's .ics (docs/decisions/024): the same event for the file a
 * person downloads and the 'alterado' e-mail. Support groups carry the neutral
 * title and nothing else: calendars are seen by others.
 */
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import type { GroupSessionRow } from "#server/db/schema/index.ts";
import { calendarFile } from "#server/mail/calendar-file.ts";

export function sessionIcs(session: GroupSessionRow, appUrl: string): string {
  const isPrivate = session.kind === "support_group";
  const url = `${appUrl}/group-sessions`;
  return calendarFile({
    uid: `${session.id}@sereno`,
    sequence: session.sequence,
    stamp: session.updatedAt,
    start: session.startsAt,
    end: new Date(session.startsAt.getTime() + session.durationMinutes * 60_000),
    title: isPrivate ? m.neutralTitle : session.title,
    // The link opens in the app 15 minutes before; a calendar file outlives that rule, so it carries the app's address.
    description: isPrivate
      ? `Detalhes e acesso em ${url}`
      : `${session.description}\n\nCom ${session.facilitatorName}. Detalhes e acesso em ${url}`,
    location: session.modality === "in_person" ? session.location : url,
    url,
    cancelled: session.status === "cancelled",
  });
}
