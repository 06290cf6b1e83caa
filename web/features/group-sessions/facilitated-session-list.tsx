import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarDays, Clock, MapPin, Video } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatSessionWhen } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import {
  attendanceNamesInputSchema,
  type FacilitatedSession,
  groupSessionKindLabels,
} from "#core/schemas/group-sessions.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { FormError } from "#web/components/ui/field.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useFacilitating, useMarkAttendance } from "./group-sessions.queries.ts";
import { PeopleChecklist } from "./people-checklist.tsx";
import { SessionMaterials } from "./session-materials.tsx";

/**
 * Attendance by name, for the psychologist who conducts the session
 * (docs/decisions/024): bound by professional secrecy, they see a support
 * group's people; the company sees only the count.
 */
function FacilitatedAttendance({ session }: { session: FacilitatedSession }) {
  const mark = useMarkAttendance(session.id);
  const enrolled = session.people.filter((person) => person.status !== "waitlisted");
  const form = useForm<z.input<typeof attendanceNamesInputSchema>>({
    resolver: zodResolver(attendanceNamesInputSchema),
    defaultValues: {
      attendedUserIds: enrolled.filter((person) => person.status === "attended").map((person) => person.userId),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      toast.success((await mark.mutateAsync(values)).message);
    } catch (error) {
      form.setError("root", {
        message:
          error instanceof ApiError && error.status < 500 ? error.message : "Não foi possível salvar. Tente novamente.",
      });
    }
  });
  if (enrolled.length === 0) return <p className="text-sm text-muted">Ninguém tinha vaga neste encontro.</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border bg-surface-2 p-4">
      <fieldset>
        <legend className="text-sm font-medium">
          Quem participou {session.attendanceMarkedAt ? "(registrada; pode corrigir)" : ""}
        </legend>
        <PeopleChecklist
          people={enrolled}
          present={form.watch("attendedUserIds")}
          onChange={(present) => form.setValue("attendedUserIds", present)}
          className="mt-2 grid gap-1 sm:grid-cols-2"
        />
      </fieldset>
      {session.kind === "support_group" ? (
        <p className="text-xs text-muted">A empresa vê apenas quantas pessoas participaram, nunca os nomes.</p>
      ) : null}
      <FormError message={errors.root?.message} />
      <Button type="submit" size="sm" disabled={isSubmitting}>
        Salvar presença
      </Button>
    </form>
  );
}

/** The sessions a platform psychologist conducts, newest first. */
export function FacilitatedSessionList({ timeZone }: { timeZone: string }) {
  const sessions = useFacilitating();
  return (
    <QueryPanel
      query={sessions}
      errorMessage={loadFailed("os encontros")}
      loading={<Skeleton className="h-48 w-full" />}
    >
      {(list) =>
        list.length === 0 ? (
          <EmptyState icon={CalendarDays} title="Nenhum encontro com você como facilitador(a)">
            Quando uma empresa ou o Sereno marcar um grupo conduzido por você, ele aparece aqui.
          </EmptyState>
        ) : (
          <div className="space-y-4">
            {list.map((session) => {
              const headingId = `conduz-${session.id}`;
              const enrolled = session.people.filter((person) => person.status !== "waitlisted").length;
              return (
                <Card key={session.id}>
                  <article aria-labelledby={headingId} className="space-y-3">
                    <div className="flex flex-wrap gap-2">
                      <Badge tone={session.kind === "support_group" ? "accent" : "primary"}>
                        {groupSessionKindLabels[session.kind]}
                      </Badge>
                      <Badge>{session.companyName ?? "Todas as empresas"}</Badge>
                      {session.status === "cancelled" ? <Badge tone="danger">Cancelado</Badge> : null}
                    </div>
                    <h3 id={headingId} className="text-lg font-semibold">
                      {session.title}
                    </h3>
                    <ul className="grid gap-2 text-sm sm:grid-cols-2">
                      <li className="flex items-start gap-2">
                        <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                        <time dateTime={session.startsAt}>{formatSessionWhen(session.startsAt, timeZone)}</time>
                      </li>
                      <li className="flex min-w-0 items-start gap-2">
                        {session.modality === "online" ? (
                          <Video aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                        ) : (
                          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                        )}
                        <span className="break-all">{session.location}</span>
                      </li>
                    </ul>
                    <p className="text-sm text-muted">
                      {enrolled} de {session.capacity} vagas ocupadas
                    </p>
                    <SessionMaterials
                      sessionId={session.id}
                      materials={session.materials}
                      canDownload
                      canManage={session.status !== "cancelled"}
                    />
                    {session.hasStarted && session.status !== "cancelled" ? (
                      <FacilitatedAttendance session={session} />
                    ) : session.status !== "cancelled" ? (
                      <p className="text-sm text-muted">Você registra a presença depois do início.</p>
                    ) : null}
                  </article>
                </Card>
              );
            })}
          </div>
        )
      }
    </QueryPanel>
  );
}
