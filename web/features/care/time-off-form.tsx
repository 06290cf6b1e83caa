import { Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { careInstant } from "#core/care.ts";
import type { Availability } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { useAddTimeOff, useRemoveTimeOff } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";

/** A 'YYYY-MM-DDTHH:mm' of the form, read as Brasília time (whatever its offset that day, docs/decisions/029). */
function brasilia(value: string): string {
  const [day = "", time = ""] = value.split("T");
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return careInstant(day, hour * 60 + minute).toISOString();
}

export function TimeOffForm({ timeOff }: { timeOff: Availability["timeOff"] }) {
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  return (
    <div className="space-y-3">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!start || !end) return;
          add.mutate(
            { startsAt: brasilia(start), endsAt: brasilia(end) },
            {
              onSuccess: () => {
                toast.success("Folga registrada.");
                setStart("");
                setEnd("");
              },
              onError: (error) => toast.error(errorText(error, "Não foi possível registrar a folga.")),
            },
          );
        }}
      >
        <Field id="folga-inicio" label="Início da folga">
          <Input
            id="folga-inicio"
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            required
          />
        </Field>
        <Field id="folga-fim" label="Fim da folga">
          <Input id="folga-fim" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} required />
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Bloquear período
        </Button>
      </form>
      {timeOff.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {timeOff.map((range) => (
            <li key={range.id} className="flex items-center justify-between gap-2 rounded-md bg-surface-2 px-3 py-1">
              <span>
                {careWhen(range.startsAt)} até {careWhen(range.endsAt)}
              </span>
              <Button variant="ghost" size="icon" aria-label="Remover folga" onClick={() => remove.mutate(range.id)}>
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
