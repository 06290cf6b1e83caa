import { Bell } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { isInternalAddress } from "#core/internal-address.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { Label } from "#web/components/ui/field.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { useViewer } from "#web/lib/session.ts";
import { ReminderScheduleForm } from "./reminder-schedule-form.tsx";
import { SectionStatus } from "./section-status.tsx";
import { saveErrorMessage } from "./settings.queries.ts";
import { SettingsSection } from "./settings-section.tsx";
import { useAutosavedPreferences } from "./use-autosaved-preferences.ts";
import { PushSetupError, usePushSubscription } from "./use-push-subscription.ts";
import { useSectionStatus } from "./use-section-status.ts";

// Only members whose company connected WhatsApp see its row: loaded apart, off the page's first load (docs/decisions/042).
const WhatsappRow = lazy(() => import("./whatsapp-row.tsx").then((module) => ({ default: module.WhatsappRow })));
const MsteamsRow = lazy(() => import("./msteams-row.tsx").then((module) => ({ default: module.MsteamsRow })));

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
  const status = useSectionStatus();
  // No e-mail (docs/decisions/045): the mailer never writes to the internal address, so no e-mail switch is offered
  // and reminders come by push alone (issue 45, minor list).
  const viewer = useViewer();
  const hasEmail = !isInternalAddress(viewer.email);
  const shown = hasEmail ? options : options.filter((option) => option.key === "reminders");
  const { preferences, toggle } = useAutosavedPreferences({
    onSaved: () => status.succeed(settingsMessages.settingsSaved),
    onFailed: (error) => status.fail(saveErrorMessage(error)),
  });

  return (
    <SettingsSection
      id="notificacoes"
      icon={Bell}
      title="Notificações"
      description={
        hasEmail
          ? "Escolha como o Sereno fala com você. As mudanças são salvas na hora."
          : "Sua conta não tem e-mail: os lembretes chegam como notificações push neste aparelho. As mudanças são salvas na hora."
      }
    >
      <ul className="-my-3 divide-y divide-border">
        {shown.map(({ key, label, description }) => (
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
            />
          </li>
        ))}
        <PushRow
          isOn={preferences.push}
          onChange={(checked) => toggle("push", checked)}
          onFailed={(message) => status.fail(message)}
        />
        <Suspense fallback={null}>
          <WhatsappRow onDone={status.succeed} onFailed={status.fail} />
          <MsteamsRow onDone={status.succeed} onFailed={status.fail} />
        </Suspense>
      </ul>
      <SectionStatus status={status.status} />
      <ReminderScheduleForm
        isOn={
          ((hasEmail && preferences.email) || preferences.push || viewer.notificationPreferences.whatsapp) &&
          preferences.reminders
        }
      />
    </SettingsSection>
  );
}

/**
 * 'Notificações push' (docs/decisions/027): on subscribes this browser (the browser asks for permission
 * first) and turns the preference on; off cancels this browser's subscription and turns it off.
 */
function PushRow({
  isOn,
  onChange,
  onFailed,
}: {
  isOn: boolean;
  onChange: (checked: boolean) => void;
  onFailed: (message: string) => void;
}) {
  const push = usePushSubscription();
  const [isBusy, setIsBusy] = useState(false);
  const checked = isOn && push.isSubscribed === true;

  async function flip(next: boolean) {
    setIsBusy(true);
    try {
      if (next) await push.subscribe();
      else await push.unsubscribe();
      onChange(next);
    } catch (error) {
      onFailed(error instanceof PushSetupError ? error.message : settingsMessages.pushSetupFailed);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <li className="relative flex min-h-16 items-center gap-4 py-3">
      <div className="min-w-0 flex-1">
        <Label htmlFor="notificacao-push" className="cursor-pointer after:absolute after:inset-0 after:content-['']">
          Notificações push
        </Label>
        <p id="notificacao-push-descricao" className="text-sm text-muted">
          {push.isSupported
            ? "O lembrete de check-in também neste navegador ou celular, mesmo com o Sereno fechado."
            : settingsMessages.pushUnsupported}
        </p>
      </div>
      <Switch
        id="notificacao-push"
        className="relative"
        aria-describedby="notificacao-push-descricao"
        checked={checked}
        onCheckedChange={(next) => void flip(next)}
        disabled={!push.isSupported || push.isSubscribed === null || isBusy}
      />
    </li>
  );
}
