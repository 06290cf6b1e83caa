import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  attendanceCountInputSchema,
  attendanceNamesInputSchema,
  type ManagedSession,
} from "#core/schemas/group-sessions.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useMarkAttendance } from "./group-sessions.queries.ts";
import { PeopleChecklist } from "./people-checklist.tsx";

/** What a refused save says: the server's reason, or a retry for an outage. */
function saveError(error: unknown): string {
  return error instanceof ApiError && error.status < 500 ? error.message : "Não foi possível salvar. Tente novamente.";
}

/**
 * Attendance, marked on the facilitator's behalf (docs/decisions/024): a
 * workshop ticks names; a support group records only how many came.
 */
export function AttendanceForm({ session }: { session: ManagedSession }) {
  return (
    <div className="space-y-3 rounded-lg border border-border bg-surface-2 p-4">
      <p className="text-sm font-medium">Presença {session.attendanceMarkedAt ? "(registrada; pode corrigir)" : ""}</p>
      {session.kind === "support_group" ? <CountForm session={session} /> : <NamesForm session={session} />}
    </div>
  );
}

function CountForm({ session }: { session: ManagedSession }) {
  const mark = useMarkAttendance(session.id);
  const id = `presentes-${session.id}`;
  const form = useForm<z.input<typeof attendanceCountInputSchema>>({
    resolver: zodResolver(attendanceCountInputSchema),
    // Never the shown count: for a support group it is the disclosure layer's noisy figure.
    defaultValues: { attendedCount: undefined },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      toast.success((await mark.mutateAsync(values)).message);
    } catch (error) {
      form.setError("root", { message: saveError(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field
        id={id}
        label="Quantas pessoas participaram?"
        hint="Informe o número que a facilitadora passou. Nomes não são registrados em grupos de apoio."
        error={errors.attendedCount?.message}
      >
        <Input
          {...describedBy(id, errors.attendedCount?.message, true)}
          type="number"
          min={0}
          max={session.capacity}
          inputMode="numeric"
          className="sm:max-w-32"
          // Empty is no number at all, which the schema refuses with its message.
          {...form.register("attendedCount", { valueAsNumber: true })}
        />
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" size="sm" disabled={isSubmitting}>
        Salvar presença
      </Button>
    </form>
  );
}

function NamesForm({ session }: { session: ManagedSession }) {
  const mark = useMarkAttendance(session.id);
  const enrolled = (session.people ?? []).filter((person) => person.status !== "waitlisted");
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
      form.setError("root", { message: saveError(error) });
    }
  });

  if (enrolled.length === 0) return <p className="text-sm text-muted">Não há inscritos para marcar.</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <fieldset>
        <legend className="sr-only">Quem participou</legend>
        <PeopleChecklist
          people={enrolled}
          present={form.watch("attendedUserIds")}
          onChange={(present) => form.setValue("attendedUserIds", present)}
        />
      </fieldset>
      <FormError message={errors.root?.message} />
      <Button type="submit" size="sm" disabled={isSubmitting}>
        Salvar presença
      </Button>
    </form>
  );
}
