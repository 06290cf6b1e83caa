import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { Controller, type FieldErrors, useForm } from "react-hook-form";
import { z } from "zod";
import { careInstant } from "#core/care.ts";
import { type Availability, type TimeOffInput, timeOffInputSchema } from "#core/schemas/care.ts";
import { DateField } from "#web/components/date-field.tsx";
import { TimeField } from "#web/components/time-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useAddTimeOff, useRemoveTimeOff } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";

/**
 * The form's fields: a pt-BR day (DateField) and a 24-hour time (TimeField) for each end, since a native
 * datetime-local input follows the browser's language (AM/PM; issue 45, minor list, docs/decisions/053).
 */
type TimeOffValues = { startDay: string; startTime: string; endDay: string; endTime: string };

/** A day and an 'HH:mm' of the form, read as Brasília time (whatever its offset that day, docs/decisions/029). */
function brasilia(day: string, time: string): string {
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !clock) return "";
  return careInstant(day, Number(clock[1]) * 60 + Number(clock[2])).toISOString();
}

// The fields become instants; an incomplete end stays empty for the schema to name.
const timeOffFormSchema = z
  .custom<TimeOffValues>()
  .transform(
    (values): TimeOffInput => ({
      startsAt: brasilia(values.startDay, values.startTime),
      endsAt: brasilia(values.endDay, values.endTime),
    }),
  )
  .pipe(timeOffInputSchema);

const empty: TimeOffValues = { startDay: "", startTime: "", endDay: "", endTime: "" };

export function TimeOffForm({ timeOff }: { timeOff: Availability["timeOff"] }) {
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const form = useForm<TimeOffValues, unknown, TimeOffInput>({
    resolver: zodResolver(timeOffFormSchema),
    defaultValues: empty,
  });
  const { isSubmitting } = form.formState;
  // The schema names the instants it could not make (startsAt, endsAt): shown under each end's day.
  const errors = form.formState.errors as FieldErrors<TimeOffInput>;

  const onSubmit = form.handleSubmit(async (range) => {
    try {
      await add.mutateAsync(range);
      toast.success("Folga registrada.");
      form.reset(empty);
    } catch (error) {
      toast.error(errorText(error, "Não foi possível registrar a folga."));
    }
  });

  return (
    <div className="space-y-3">
      <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
        <Controller
          control={form.control}
          name="startDay"
          render={({ field }) => (
            <DateField id="folga-inicio" label="Início da folga" error={errors.startsAt?.message} required {...field} />
          )}
        />
        <Field id="folga-inicio-hora" label="Hora do início">
          <TimeField {...describedBy("folga-inicio-hora")} required {...form.register("startTime")} />
        </Field>
        <Controller
          control={form.control}
          name="endDay"
          render={({ field }) => (
            <DateField id="folga-fim" label="Fim da folga" error={errors.endsAt?.message} required {...field} />
          )}
        />
        <Field id="folga-fim-hora" label="Hora do fim">
          <TimeField {...describedBy("folga-fim-hora")} required {...form.register("endTime")} />
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
