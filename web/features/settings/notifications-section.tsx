import { Bell } from "lucide-react";
import { messages } from "#core/messages.ts";
import { Label } from "#web/components/ui/field.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { useViewer } from "#web/lib/session.ts";
import { ReminderScheduleForm } from "./reminder-schedule-form.tsx";
import { SectionStatus } from "./section-status.tsx";
import { saveErrorMessage } from "./settings.queries.ts";
import { SettingsSection } from "./settings-section.tsx";
import { useAutosavedPreferences } from "./use-autosaved-preferences.ts";
import { useSectionStatus } from "./use-section-status.ts";

// 'Notificações push' stays hidden until push exists (docs/decisions/019).
const options: Array<{ key: "email" | "reminders" | "updates"; label: string; description: string }> = [
  {
    key: "email",
    label: "Notificações por e-mail",
    description: "Avisos importantes sobre a sua conta, direto na sua caixa de entrada.",
  },
  {
    key: "reminders",
    label: "Lembretes de check-in",
    description: "Um lembrete gentil para registrar como você está no dia.",
  },
  {
    key: "updates",
    label: "Novidades do Sereno",
    description: "Novos exercícios, conteúdos e recursos da plataforma; para gestores, o resumo semanal da equipe.",
  },
];

/** Spec 3 and 9: the switches, saved as each flips, and the reminder schedule. */
export function NotificationsSection() {
  const viewer = useViewer();
  const status = useSectionStatus();
  const { preferences, toggle } = useAutosavedPreferences({
    onSaved: () => status.succeed(messages.settingsSaved),
    onFailed: (error) => status.fail(saveErrorMessage(error)),
  });

  return (
    <SettingsSection
      id="notificacoes"
      icon={Bell}
      title="Notificações"
      description="Escolha como o Sereno fala com você. As mudanças são salvas na hora."
    >
      <ul className="-my-3 divide-y divide-border">
        {options.map(({ key, label, description }) => (
          <li key={key} className="relative flex min-h-16 items-center gap-4 py-3">
            <div className="min-w-0 flex-1">
              {/* The label's ::after covers the whole row, so the row is the tap target. */}
              <Label
                htmlFor={`notificacao-${key}`}
                className="cursor-pointer after:absolute after:inset-0 after:content-['']"
              >
                {label}
              </Label>
              <p id={`notificacao-${key}-descricao`} className="text-sm text-muted">
                {description}
              </p>
            </div>
            <Switch
              id={`notificacao-${key}`}
              className="relative"
              aria-describedby={`notificacao-${key}-descricao`}
              checked={preferences[key]}
              onCheckedChange={(checked) => toggle(key, checked)}
              disabled={viewer.profileIncomplete}
            />
          </li>
        ))}
      </ul>
      <SectionStatus status={status.status} />
      <ReminderScheduleForm isOn={preferences.email && preferences.reminders} />
    </SettingsSection>
  );
}
