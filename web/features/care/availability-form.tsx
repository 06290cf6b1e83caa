import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { type Availability, type AvailabilityInput, availabilityInputSchema } from "#core/schemas/care.ts";
import { TimeField } from "#web/components/time-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Select } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useSaveAvailability } from "./care.queries.ts";
import { errorText, minutesToTime, timeToMinutes, weekdayNames } from "./care-format.ts";

/** The form's fields: times as the inputs write them ('09:00'), the rest as the schema takes it. */
type AvailabilityValues = {
  windows: { weekday: number; startMinute: string; endMinute: string }[];
  sessionMinutes: number;
  bufferMinutes: number;
  replyHours: number;
  videoUrl: string;
};

// Times become minutes of the day, an empty link becomes none; then the server's own schema decides.
const availabilityFormSchema = z
  .custom<AvailabilityValues>()
  .transform(
    (values): AvailabilityInput => ({
      ...values,
      windows: values.windows.map((window) => ({
        weekday: window.weekday,
        startMinute: timeToMinutes(window.startMinute),
        endMinute: timeToMinutes(window.endMinute),
      })),
      videoUrl: values.videoUrl.trim() || null,
    }),
  )
  .pipe(availabilityInputSchema);

/** The weekly agenda in Brasília time; slots are computed from it, never stored one by one. */
export function AvailabilityForm({ availability }: { availability: Availability }) {
  const save = useSaveAvailability();
  const form = useForm<AvailabilityValues, unknown, z.output<typeof availabilityInputSchema>>({
    resolver: zodResolver(availabilityFormSchema),
    defaultValues: {
      windows: availability.windows.map((window) => ({
        weekday: window.weekday,
        startMinute: minutesToTime(window.startMinute),
        endMinute: minutesToTime(window.endMinute),
      })),
      sessionMinutes: availability.sessionMinutes,
      bufferMinutes: availability.bufferMinutes,
      videoUrl: availability.videoUrl ?? "",
      replyHours: availability.replyHours,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const rows = useFieldArray({ control: form.control, name: "windows" });
  const rowsError = errors.windows?.root?.message ?? errors.windows?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success("Agenda salva.");
    } catch (error) {
      toast.error(errorText(error, "Não foi possível salvar a agenda."));
    }
  });

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <fieldset className="space-y-2" aria-describedby={rowsError ? "horarios-error" : undefined}>
        <legend className="mb-2 text-sm font-medium">Horários da semana (Brasília)</legend>
        {rows.fields.length === 0 ? (
          <p className="text-sm text-muted">Nenhum horário ainda: adicione o primeiro.</p>
        ) : null}
        {rows.fields.map((row, index) => {
          const rowErrors = errors.windows?.[index];
          const weekday = form.watch(`windows.${index}.weekday`);
          return (
            <div key={row.id} className="flex flex-wrap items-end gap-2">
              <Field id={`dia-${index}`} label="Dia" error={rowErrors?.weekday?.message} className="min-w-32 flex-1">
                <Select
                  {...describedBy(`dia-${index}`, rowErrors?.weekday?.message)}
                  {...form.register(`windows.${index}.weekday`, { valueAsNumber: true })}
                >
                  {weekdayNames.map((name, value) => (
                    <option key={name} value={value}>
                      {name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id={`inicio-${index}`} label="Início" error={rowErrors?.startMinute?.message} className="w-36">
                <TimeField
                  {...describedBy(`inicio-${index}`, rowErrors?.startMinute?.message)}
                  {...form.register(`windows.${index}.startMinute`)}
                />
              </Field>
              <Field id={`fim-${index}`} label="Fim" error={rowErrors?.endMinute?.message} className="w-36">
                <TimeField
                  {...describedBy(`fim-${index}`, rowErrors?.endMinute?.message)}
                  {...form.register(`windows.${index}.endMinute`)}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remover ${weekdayNames[weekday]} ${form.watch(`windows.${index}.startMinute`)}–${form.watch(`windows.${index}.endMinute`)}`}
                onClick={() => rows.remove(index)}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          );
        })}
        {rowsError ? (
          <p id="horarios-error" role="alert" className="text-sm text-danger">
            {rowsError}
          </p>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => rows.append({ weekday: 1, startMinute: "09:00", endMinute: "12:00" }, { shouldFocus: false })}
        >
          <Plus aria-hidden className="size-4" /> Adicionar horário
        </Button>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="duracao" label="Duração da sessão (min)" error={errors.sessionMinutes?.message}>
          <Input
            {...describedBy("duracao", errors.sessionMinutes?.message)}
            type="number"
            min={20}
            max={180}
            // As the field reads it: empty is 0, which the schema refuses.
            {...form.register("sessionMinutes", { setValueAs: Number })}
          />
        </Field>
        <Field id="intervalo" label="Intervalo entre sessões (min)" error={errors.bufferMinutes?.message}>
          <Input
            {...describedBy("intervalo", errors.bufferMinutes?.message)}
            type="number"
            min={0}
            max={60}
            {...form.register("bufferMinutes", { setValueAs: Number })}
          />
        </Field>
        <Field id="resposta" label="Responde mensagens em até (horas)" error={errors.replyHours?.message}>
          <Input
            {...describedBy("resposta", errors.replyHours?.message)}
            type="number"
            min={1}
            max={168}
            {...form.register("replyHours", { setValueAs: Number })}
          />
        </Field>
      </div>
      <Field
        id="sala"
        label="Link da sala de vídeo"
        hint="Da plataforma declarada no e-Psi. Aparece só para você e a pessoa, 15 minutos antes."
        error={errors.videoUrl?.message}
      >
        <Input
          {...describedBy("sala", errors.videoUrl?.message, true)}
          type="url"
          placeholder="https://"
          {...form.register("videoUrl")}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Salvando..." : "Salvar agenda"}
      </Button>
    </form>
  );
}
