import { Suspense } from "react";
import { loadFailed } from "#core/messages.ts";
import { ErrorPanel } from "#web/components/error-panel.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { NotificationsSection } from "#web/features/settings/notifications-section.tsx";
import { PrivacySection } from "#web/features/settings/privacy-section.tsx";
import { ProfileSection } from "#web/features/settings/profile-section.tsx";
import { SecuritySection } from "#web/features/settings/security-section.tsx";
import { ThemeSection } from "#web/features/settings/theme-section.tsx";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Configurações | Sereno" }];
}

/**
 * Chaves de acesso, with the passkey ceremony and the recovery code (docs/decisions/045, 055), loads beside the
 * page rather than in its first load, which would pass 200 KB with it (docs/decisions/042). Its card shows the
 * page's loading state meanwhile, as every section does while its data loads.
 */
const PasskeysSection = lazyNamed(
  () => import("#web/features/settings/passkeys-section.tsx").then((module) => module.PasskeysSection),
  () => <ErrorPanel message={`${loadFailed("suas chaves de acesso")}.`} onRetry={() => window.location.reload()} />,
);

/** The WHO-5's consent (docs/decisions/077): loads beside the page too, for the same budget. */
const Who5ConsentPanel = lazyNamed(
  () => import("#web/features/who5/who5-consent-panel.tsx").then((module) => module.Who5ConsentPanel),
  () => <ErrorPanel message={`${loadFailed("o consentimento do WHO-5")}.`} onRetry={() => window.location.reload()} />,
);

/** Sessões ativas, its list of devices: beside the page too, for the same budget. */
const ActiveSessionsSection = lazyNamed(
  () => import("#web/features/settings/active-sessions-section.tsx").then((module) => module.ActiveSessionsSection),
  () => <ErrorPanel message={`${loadFailed("suas sessões ativas")}.`} onRetry={() => window.location.reload()} />,
);

const sectionLoading = (
  <div role="status" aria-label="Carregando...">
    <Skeleton className="h-64 w-full rounded-lg" />
  </div>
);

/** Spec 2 'Settings': profile, notifications, privacy and security, sessions, theme. The shell already has the h1. */
export default function SettingsPage() {
  const me = useViewer();
  // The WHO-5 is for people of a company (docs/decisions/077): its consent sits beside the mood consent.
  const answersWho5 = Boolean(me.companyId) && (me.role === "user" || me.role === "manager");
  return (
    <>
      <PageIntro>
        Ajuste seu perfil, suas notificações e a aparência do Sereno do jeito que for melhor para você.
      </PageIntro>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileSection />
        <NotificationsSection />
        <SecuritySection />
        <Suspense fallback={sectionLoading}>
          <PasskeysSection />
        </Suspense>
        <Suspense fallback={sectionLoading}>
          <ActiveSessionsSection />
        </Suspense>
        <ThemeSection />
        <PrivacySection
          otherConsents={
            answersWho5 ? (
              <Suspense fallback={<Skeleton className="h-40 w-full" />}>
                <Who5ConsentPanel />
              </Suspense>
            ) : null
          }
        />
      </div>
    </>
  );
}
