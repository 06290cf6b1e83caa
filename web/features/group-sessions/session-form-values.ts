/** The session form's starting values, and its validation: the fields read as the API takes them, then the shared schema. */
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { z } from "zod";
import {
  type GroupSessionInput,
  type GroupSessionKind,
  type GroupSessionUpdate,
  groupSessionInputSchema,
  groupSessionUpdateSchema,
  type ManagedSession,
} from "#core/schemas/group-sessions.ts";
import type { ManageScope } from "./group-sessions.queries.ts";

export type SessionValues = {
  kind: GroupSessionKind;
  title: string;
  description: string;
  facilitatorName: string;
  facilitatorEmail: string;
  /** 'YYYY-MM-DDTHH:mm' of a datetime-local input, in the browser's zone. */
  startsAt: string;
  durationMinutes: string;
  capacity: string;
  modality: "online" | "in_person";
  location: string;
  /** '' for a named facilitator, or a platform psychologist's id. */
  facilitatorPsychologistId: string;
  audience: "company" | "sectors";
  sectorIds: string[];
};

export type SessionPayload = z.output<typeof groupSessionInputSchema> | z.output<typeof groupSessionUpdateSchema>;

/** ISO instant → the 'YYYY-MM-DDTHH:mm' of a datetime-local input, in the browser's zone. */
function toLocalInput(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export function sessionFormDefaults(session: ManagedSession | undefined, kind: GroupSessionKind): SessionValues {
  if (!session)
    return {
      kind,
      title: "",
      description: "",
      facilitatorName: "",
      facilitatorEmail: "",
      startsAt: "",
      durationMinutes: "60",
      capacity: "20",
      modality: "online",
      location: "",
      facilitatorPsychologistId: "",
      audience: "company",
      sectorIds: [],
    };
  return {
    kind: session.kind,
    title: session.title,
    description: session.description,
    facilitatorName: session.facilitatorName,
    facilitatorEmail: session.facilitatorEmail ?? "",
    startsAt: toLocalInput(session.startsAt),
    durationMinutes: String(session.durationMinutes),
    capacity: String(session.capacity),
    modality: session.modality,
    location: session.location,
    facilitatorPsychologistId: session.facilitatorPsychologistId ?? "",
    audience: session.audience === "sectors" ? "sectors" : "company",
    sectorIds: session.sectors.map((sector) => sector.id),
  };
}

/**
 * What a new session or an edit sends, checked by the schema the server uses
 * (docs/decisions/024): kind and audience only when creating.
 */
export function sessionFormResolver({
  session,
  scope,
  psychologists,
}: {
  session: ManagedSession | undefined;
  scope: ManageScope;
  psychologists: { id: string; name: string }[];
}): Resolver<SessionValues, unknown, SessionPayload> {
  const editable = (values: SessionValues): GroupSessionUpdate => {
    const isNamed = values.facilitatorPsychologistId === "";
    const startsAt = values.startsAt ? new Date(values.startsAt) : null;
    return {
      title: values.title,
      description: values.description,
      // A platform psychologist brings their own name and e-mail (the server fills them in).
      facilitatorName: isNamed
        ? values.facilitatorName
        : (psychologists.find((row) => row.id === values.facilitatorPsychologistId)?.name ?? "Psicólogo(a)"),
      facilitatorEmail: isNamed ? values.facilitatorEmail : "",
      facilitatorPsychologistId: values.facilitatorPsychologistId,
      startsAt: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt.toISOString() : "",
      durationMinutes: values.durationMinutes,
      capacity: values.capacity,
      modality: values.modality,
      location: values.location,
    };
  };
  if (session) return zodResolver(z.custom<SessionValues>().transform(editable).pipe(groupSessionUpdateSchema));
  const created = (values: SessionValues): GroupSessionInput => ({
    ...editable(values),
    kind: values.kind,
    audience: scope.isPlatform ? "platform" : values.audience,
    ...(values.audience === "sectors" && !scope.isPlatform ? { sectorIds: values.sectorIds } : {}),
    ...(scope.companyId && !scope.isPlatform ? { companyId: scope.companyId } : {}),
  });
  return zodResolver(z.custom<SessionValues>().transform(created).pipe(groupSessionInputSchema));
}
