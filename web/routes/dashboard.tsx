import { isInternalAddress } from "#core/internal-address.ts";
import { DashboardOutage, isEverythingDown } from "#web/components/dashboard-outage.tsx";
import { memberGreeting } from "#web/components/dashboard-start.tsx";
import { WelcomeBanner } from "#web/components/welcome-banner.tsx";
import { useTodayCheckIn } from "#web/features/check-ins/check-ins.queries.ts";
import { SupportCard } from "#web/features/check-ins/support-card.tsx";
import { TodayCheckInCard } from "#web/features/check-ins/today-check-in-card.tsx";
import { useQuickExercises } from "#web/features/exercises/exercises.queries.ts";
import { QuickExercises } from "#web/features/exercises/quick-exercises.tsx";
import { useActivities, useProgress } from "#web/features/progress/progress.queries.ts";
import { ProgressTiles } from "#web/features/progress/progress-tiles.tsx";
import { RecentActivities } from "#web/features/progress/recent-activities.tsx";
import { ManagerDashboard } from "#web/features/reports/manager-dashboard.tsx";
import { SurveyCard } from "#web/features/risks/survey-card.tsx";
import { RecoveryCodeNudge } from "#web/features/settings/recovery-code-nudge.tsx";
import { Who5Card } from "#web/features/who5/who5-card.tsx";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Painel | Sereno" }];
}

/** The dashboard of a member (spec 2, 'Other users'): each panel comes from its own feature. */
function MemberDashboard() {
  const me = useViewer();
  const today = useTodayCheckIn();
  // The panels' own queries (shared through the cache): when all fail, one message replaces four error panels.
  const queries = [today, useProgress(), useQuickExercises(), useActivities()];
  return (
    <div className="space-y-6">
      <WelcomeBanner name={me.name}>{memberGreeting(today.data)}</WelcomeBanner>
      {isEverythingDown(queries) ? (
        <DashboardOutage queries={queries} />
      ) : (
        <>
          {today.data ? <SupportCard lowPattern={today.data.lowPattern} /> : null}
          <SurveyCard />
          <Who5Card />
          <TodayCheckInCard />
          {/* Only a passkey-only account (docs/decisions/055) asks whether it has a recovery code. */}
          {isInternalAddress(me.email) ? <RecoveryCodeNudge /> : null}
          <ProgressTiles />
          <QuickExercises />
          <RecentActivities />
        </>
      )}
    </div>
  );
}

/** Two variants (spec 2): the manager's team view, everyone else's own progress. */
export default function DashboardPage() {
  const me = useViewer();
  return me.role === "manager" ? <ManagerDashboard /> : <MemberDashboard />;
}
