import { useViewer } from "#web/features/auth/auth.queries.ts";
import { useTodayCheckIn } from "#web/features/check-ins/check-ins.queries.ts";
import { useQuickExercises } from "#web/features/exercises/exercises.queries.ts";
import { useActivities, useProgress } from "#web/features/progress/progress.queries.ts";
import { DashboardOutage, isEverythingDown } from "./dashboard-outage.tsx";
import { ProgressTiles } from "./progress-tiles.tsx";
import { QuickExercises } from "./quick-exercises.tsx";
import { RecentActivities } from "./recent-activities.tsx";
import { TodayCheckInCard } from "./today-check-in-card.tsx";
import { WelcomeBanner } from "./welcome-banner.tsx";

/** The dashboard of a member (spec 2, 'Other users'). */
export function MemberDashboard() {
  const me = useViewer();
  // The cards' own queries (shared through the cache): when all fail, one message replaces four error panels.
  const today = useTodayCheckIn();
  const queries = [today, useProgress(), useQuickExercises(), useActivities()];
  // The banner follows the day: an invitation before the check-in, a next step after it.
  const greeting = today.data?.checkIn
    ? "Seu check-in de hoje está feito. Que tal uma pausa com um exercício rápido?"
    : today.data
      ? "Um minuto para você hoje já faz diferença. Comece pelo check-in."
      : "Um minuto para você hoje já faz diferença.";
  return (
    <div className="space-y-6">
      <WelcomeBanner name={me.name}>{greeting}</WelcomeBanner>
      {isEverythingDown(queries) ? (
        <DashboardOutage queries={queries} />
      ) : (
        <>
          <TodayCheckInCard />
          <ProgressTiles />
          <div className="grid gap-6 lg:grid-cols-2">
            <QuickExercises />
            <RecentActivities />
          </div>
        </>
      )}
    </div>
  );
}
