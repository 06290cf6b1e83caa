import { PageIntro } from "#web/components/page-intro.tsx";
import { ActiveSessionsSection } from "#web/features/settings/active-sessions-section.tsx";
import { NotificationsSection } from "#web/features/settings/notifications-section.tsx";
import { PasskeysSection } from "#web/features/settings/passkeys-section.tsx";
import { PrivacySection } from "#web/features/settings/privacy-section.tsx";
import { ProfileSection } from "#web/features/settings/profile-section.tsx";
import { SecuritySection } from "#web/features/settings/security-section.tsx";
import { ThemeSection } from "#web/features/settings/theme-section.tsx";

export function meta() {
  return [{ title: "Configurações | Sereno" }];
}

/** Spec 2 'Settings': profile, notifications, privacy and security, sessions, theme. The shell already has the h1. */
export default function SettingsPage() {
  return (
    <>
      <PageIntro>
        Ajuste seu perfil, suas notificações e a aparência do Sereno do jeito que for melhor para você.
      </PageIntro>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileSection />
        <NotificationsSection />
        <SecuritySection />
        <PasskeysSection />
        <ActiveSessionsSection />
        <ThemeSection />
        <PrivacySection />
      </div>
    </>
  );
}
