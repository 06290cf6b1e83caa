/** What a person taking part sees of one session (docs/decisions/024). */
import {
  FEEDBACK_DAYS,
  LINK_OPENS_MINUTES,
  type Material,
  type MemberSession,
  registrationClosesAt,
} from "#core/schemas/group-sessions.ts";
import type { GroupSessionRow } from "#server/db/schema/index.ts";

export type MyPlace = {
  taken: number;
  waiting: number;
  status: "registered" | "waitlisted" | "cancelled" | "attended" | "requested" | "not_drawn" | null;
  position: number | null;
  has_given_feedback: boolean;
};

export function memberView(
  session: GroupSessionRow,
  place: MyPlace | undefined,
  now: Date,
  materials: Material[] = [],
): MemberSession {
  const start = session.startsAt.getTime();
  const end = start + session.durationMinutes * 60_000;
  const myStatus = place?.status && place.status !== "cancelled" ? place.status : null;
  const isIn = myStatus === "registered" || myStatus === "attended";
  const isLive = session.status === "scheduled";
  const hasEnded = now.getTime() >= end;
  const isLinkOpen = now.getTime() >= start - LINK_OPENS_MINUTES * 60_000 && !hasEnded;
  const isWorkshop = session.kind === "workshop";
  const taken = place?.taken ?? 0;
  // Once a workshop's attendance is marked, only those marked present give feedback.
  const cameOrMayHave = session.kind === "workshop" && session.attendanceMarkedAt ? myStatus === "attended" : isIn;
  return {
    id: session.id,
    kind: session.kind,
    title: session.title,
    description: session.description,
    facilitatorName: session.facilitatorName,
    startsAt: session.startsAt.toISOString(),
    durationMinutes: session.durationMinutes,
    modality: session.modality,
    status: session.status,
    isPlatform: session.audience === "platform",
    place: session.modality === "in_person" ? session.location : null,
    link: session.modality === "online" && isIn && isLive && isLinkOpen ? session.location : null,
    myStatus,
    waitlistPosition: myStatus === "waitlisted" ? (place?.position ?? null) : null,
    // A support group shows no capacity bit: it would move with each person's request (places are drawn).
    spotsLeft: isWorkshop ? Math.max(0, session.capacity - taken) : null,
    isFull: isWorkshop ? taken >= session.capacity || (place?.waiting ?? 0) > 0 : null,
    drawAt: isWorkshop ? null : (session.drawnAt ?? registrationClosesAt(session)).toISOString(),
    hasEnded,
    canGiveFeedback:
      isLive &&
      hasEnded &&
      cameOrMayHave &&
      !place?.has_given_feedback &&
      now.getTime() < end + FEEDBACK_DAYS * 86_400_000,
    hasGivenFeedback: Boolean(place?.has_given_feedback),
    // Materials are for those with a place (docs/decisions/024).
    materials: isIn ? materials : [],
  };
}
