import { type FormEvent, useState } from "react";
import { messages } from "#core/messages.ts";
import { isReminderInQuietHours, weekdayLabels } from "#core/reminders.ts";
import { notificationPreferencesSchema } from "#core/schemas/me.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";
import { useUpdateMe, useViewer } from "#web/lib/session.ts";
import { SectionStatus } from "./section-status.tsx";
import { saveErrorMessage } from "./settings.queries.ts";
import { useSectionStatus } from "./use-section-status.ts";

/** Monday first, as people read a week at work. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

/** When the check-in reminder goes out and when nothing may (docs/decisions/019); the server checks it again. */
export function ReminderScheduleForm({ isOn }: { isOn: boolean }) {
  const viewer = useViewer();
  const updateMe = useUpdateMe();
  const status = useSectionStatus();
  const saved = viewer.notificationPreferences;
  const [reminderTime, setReminderTime] = useState(saved.reminderTime);
  const [reminderDays, setReminderDays] = useState(saved.reminderDays);
  const [quietStart, setQuietStart] = useState(saved.quietStart);
  const [quietEnd, setQuietEnd] = useState(saved.quietEnd);
  const [error, setError] = useState<string>();

  function toggleDay(day: number) {
    setReminderDays((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort()));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    status.clear();
    const schedule = { reminderTime, reminderDays, quietStart, quietEnd };
    const parsed = notificationPreferencesSchema
      .pick({ reminderTime: true, reminderDays: true, quietStart: true, quietEnd: true })
      .safeParse(schedule);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messages.invalidInput);
    if (isReminderInQuietHours({ ...saved, ...schedule })) return setError(messages.reminderInQuietHours);
    setError(undefined);
    try {
      await updateMe.mutateAsync({ notificationPreferences: schedule });
      status.succeed(messages.settingsSaved);
    } catch (failure) {
      status.fail(saveErrorMessage(failure));
    }
  }

  return (
    <form
      onSubmit={submit}
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
      <Field id="lembrete-horario" label="Horário" error={error} hint="No seu fuso horário.">
        <Input
          id="lembrete-horario"
          type="time"
          className="max-w-40"
          value={reminderTime}
          onChange={(event) => setReminderTime(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lembrete-horario-error" : "lembrete-horario-hint"}
          disabled={viewer.profileIncomplete}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">Dias</legend>
        <div className="flex flex-wrap gap-2">
          {weekOrder.map((day) => (
            <button
              key={day}
              type="button"
              aria-pressed={reminderDays.includes(day)}
              onClick={() => toggleDay(day)}
              disabled={viewer.profileIncomplete}
              className={cn(
                "min-h-11 min-w-11 cursor-pointer rounded-md border px-3 text-sm font-medium transition-colors",
                reminderDays.includes(day)
                  ? "border-primary bg-primary text-primary-fg"
                  : "border-border bg-surface text-fg hover:bg-surface-2",
              )}
            >
              <span aria-hidden>{weekdayLabels[day]?.slice(0, 3)}</span>
              <span className="sr-only">{weekdayLabels[day]}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
        <Field id="silencio-inicio" label="Silêncio a partir de">
          <Input
            id="silencio-inicio"
            type="time"
            value={quietStart}
            onChange={(event) => setQuietStart(event.target.value)}
            disabled={viewer.profileIncomplete}
          />
        </Field>
        <Field id="silencio-fim" label="até">
          <Input
            id="silencio-fim"
            type="time"
            value={quietEnd}
            onChange={(event) => setQuietEnd(event.target.value)}
            disabled={viewer.profileIncomplete}
          />
        </Field>
      </div>
      <div>
        <Button type="submit" variant="secondary" disabled={updateMe.isPending || viewer.profileIncomplete}>
          Salvar horários
        </Button>
      </div>
      <SectionStatus status={status.status} />
    </form>
  );
}
