import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { weekdayLabels } from "#core/dates.ts";
import { isReminderInQuietHours } from "#core/reminders.ts";
import { defaultNotificationPreferences, notificationPreferencesSchema } from "#core/schemas/me.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { TimeField } from "#web/components/time-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";
import { useUpdateMe, useViewer } from "#web/lib/session.ts";
import { SectionStatus } from "./section-status.tsx";
import { saveErrorMessage } from "./settings.queries.ts";
import { useSectionStatus } from "./use-section-status.ts";

// The preferences' own rules, and the one the server checks next to them: no reminder inside the quiet hours.
const scheduleSchema = notificationPreferencesSchema
  .pick({ reminderTime: true, reminderDays: true, quietStart: true, quietEnd: true })
  .refine((schedule) => !isReminderInQuietHours({ ...defaultNotificationPreferences, ...schedule }), {
    message: settingsMessages.reminderInQuietHours,
    path: ["reminderTime"],
  });
type Schedule = z.infer<typeof scheduleSchema>;

/** Monday first, as people read a week at work. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

/** When the check-in reminder goes out and when nothing may (docs/decisions/019); the server checks it again. */
export function ReminderScheduleForm({ isOn }: { isOn: boolean }) {
  const viewer = useViewer();
  const updateMe = useUpdateMe();
  const status = useSectionStatus();
  const { reminderTime, reminderDays, quietStart, quietEnd } = viewer.notificationPreferences;
  const form = useForm<Schedule>({
    resolver: zodResolver(scheduleSchema),
    defaultValues: { reminderTime, reminderDays, quietStart, quietEnd },
  });
  const { errors, isSubmitting } = form.formState;
  const days = form.watch("reminderDays");

  function toggleDay(day: number) {
    const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort();
    form.setValue("reminderDays", next, { shouldValidate: form.formState.isSubmitted });
  }

  const save = form.handleSubmit(async (schedule) => {
    try {
      await updateMe.mutateAsync({ notificationPreferences: schedule });
      status.succeed(settingsMessages.settingsSaved);
    } catch (failure) {
      status.fail(saveErrorMessage(failure));
    }
  });

  return (
    <form
      onSubmit={(event) => {
        // A new attempt: the last one's 'Salvo' or failure goes, whatever this one finds.
        status.clear();
        void save(event);
      }}
      noValidate
      className="flex flex-col gap-4 rounded-lg bg-surface-2 p-4"
      aria-labelledby="lembrete-titulo"
    >
      <div className="space-y-1">
        <h3 id="lembrete-titulo" className="font-medium text-fg">
          Horário do lembrete
        </h3>
        <p className="text-sm text-muted">
          {isOn
            ? "Enviamos um e-mail só nos dias escolhidos, e só se você ainda não fez o check-in. Nunca no horário de silêncio."
            : "Os lembretes estão desligados. Ligue 'Notificações por e-mail' e 'Lembretes de check-in' para recebê-los."}
        </p>
      </div>
      <Field id="lembrete-horario" label="Horário" error={errors.reminderTime?.message} hint="No seu fuso horário.">
        <TimeField
          {...describedBy("lembrete-horario", errors.reminderTime?.message, true)}
          {...form.register("reminderTime")}
        />
      </Field>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.reminderDays ? "lembrete-dias-error" : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-fg">Dias</legend>
        <div className="flex flex-wrap gap-2">
          {weekOrder.map((day) => (
            <button
              key={day}
              type="button"
              aria-pressed={days.includes(day)}
              onClick={() => toggleDay(day)}
              className={cn(
                "min-h-11 min-w-11 cursor-pointer rounded-md border px-3 text-sm font-medium transition-colors",
                days.includes(day)
                  ? "border-primary bg-primary text-primary-fg"
                  : "border-border bg-surface text-fg hover:bg-surface-2",
              )}
            >
              <span aria-hidden>{weekdayLabels[day]?.slice(0, 3)}</span>
              <span className="sr-only">{weekdayLabels[day]}</span>
            </button>
          ))}
        </div>
        {errors.reminderDays?.message ? (
          <p id="lembrete-dias-error" role="alert" className="text-sm text-danger">
            {errors.reminderDays.message}
          </p>
        ) : null}
      </fieldset>
      <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
        <Field id="silencio-inicio" label="Silêncio a partir de" error={errors.quietStart?.message}>
          <TimeField {...describedBy("silencio-inicio", errors.quietStart?.message)} {...form.register("quietStart")} />
        </Field>
        <Field id="silencio-fim" label="até" error={errors.quietEnd?.message}>
          <TimeField {...describedBy("silencio-fim", errors.quietEnd?.message)} {...form.register("quietEnd")} />
        </Field>
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          Salvar horários
        </Button>
      </div>
      <SectionStatus status={status.status} />
    </form>
  );
}
