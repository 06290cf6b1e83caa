import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { careInstant } from "#core/care.ts";
import { type Availability, type TimeOffInput, timeOffInputSchema } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useAddTimeOff, useRemoveTimeOff } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";

/** A 'YYYY-MM-DDTHH:mm' of the form, read as Brasília time (whatever its offset that day, docs/decisions/029). */
function brasilia(value: string): string {
  if (!value) return "";
  const [day = "", time = ""] = value.split("T");
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return careInstant(day, hour * 60 + minute).toISOString();
}

// The inputs' local times become instants; an empty one stays empty for the schema to name.
const timeOffFormSchema = z
  .custom<TimeOffInput>()
  .transform((range): TimeOffInput => ({ startsAt: brasilia(range.startsAt), endsAt: brasilia(range.endsAt) }))
  .pipe(timeOffInputSchema);

export function TimeOffForm({ timeOff }: { timeOff: Availability["timeOff"] }) {
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const form = useForm<TimeOffInput>({
    resolver: zodResolver(timeOffFormSchema),
    defaultValues: { startsAt: "", endsAt: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (range) => {
    try {
      await add.mutateAsync(range);
      toast.success("Folga registrada.");
      form.reset();
    } catch (error) {
      toast.error(errorText(error, "Não foi possível registrar a folga."));
    }
  });

  return (
    <div className="space-y-3">
      <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
        <Field id="folga-inicio" label="Início da folga" error={errors.startsAt?.message}>
          <Input
            {...describedBy("folga-inicio", errors.startsAt?.message)}
            type="datetime-local"
            required
            {...form.register("startsAt")}
          />
        </Field>
        <Field id="folga-fim" label="Fim da folga" error={errors.endsAt?.message}>
          <Input
            {...describedBy("folga-fim", errors.endsAt?.message)}
            type="datetime-local"
            required
            {...form.register("endsAt")}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
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
