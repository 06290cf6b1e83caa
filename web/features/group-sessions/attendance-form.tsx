import { useState } from "react";
import { toast } from "sonner";
import type { ManagedSession } from "#core/schemas/group-sessions.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useMarkAttendance } from "./group-sessions.queries.ts";
import { PeopleChecklist } from "./people-checklist.tsx";

/**
 * Attendance, marked on the facilitator's behalf (docs/decisions/024): a
 * workshop ticks names; a support group records only how many came.
 */
export function AttendanceForm({ session }: { session: ManagedSession }) {
  const mark = useMarkAttendance(session.id);
  const enrolled = (session.people ?? []).filter((person) => person.status !== "waitlisted");
  const [present, setPresent] = useState(
    () => new Set(enrolled.filter((person) => person.status === "attended").map((person) => person.userId)),
  );
  // A support group's count shows again only when the company may see it (k or more).
  const [count, setCount] = useState(() =>
    session.kind === "support_group" && session.counts.attended !== null ? String(session.counts.attended) : "",
  );
  const [error, setError] = useState<string | null>(null);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const attendedCount = Number(count);
    if (session.kind === "support_group" && (count === "" || !Number.isInteger(attendedCount) || attendedCount < 0)) {
      setError("Informe quantas pessoas participaram.");
      return;
    }
    try {
      const input = session.kind === "support_group" ? { attendedCount } : { attendedUserIds: [...present] };
      toast.success((await mark.mutateAsync(input)).message);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : "Não foi possível salvar. Tente novamente.",
      );
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-3 rounded-lg border border-border bg-surface-2 p-4">
      <p className="text-sm font-medium">Presença {session.attendanceMarkedAt ? "(registrada; pode corrigir)" : ""}</p>
      {session.kind === "support_group" ? (
        <Field
          id={`presentes-${session.id}`}
          label="Quantas pessoas participaram?"
          hint="Informe o número que a facilitadora passou. Nomes não são registrados em grupos de apoio."
        >
          <Input
            id={`presentes-${session.id}`}
            type="number"
            min={0}
            max={session.capacity}
            inputMode="numeric"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            className="sm:max-w-32"
          />
        </Field>
      ) : enrolled.length === 0 ? (
        <p className="text-sm text-muted">Não há inscritos para marcar.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Quem participou</legend>
          <PeopleChecklist people={enrolled} present={present} setPresent={setPresent} />
        </fieldset>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {session.kind === "support_group" || enrolled.length > 0 ? (
        <Button type="submit" size="sm" disabled={mark.isPending}>
          Salvar presença
        </Button>
      ) : null}
    </form>
  );
}
