import { useViewer } from "#web/features/auth/auth.queries.ts";
import { ProgressTiles } from "./progress-tiles.tsx";
import { QuickExercises } from "./quick-exercises.tsx";
import { RecentActivities } from "./recent-activities.tsx";
import { TodayCheckInCard } from "./today-check-in-card.tsx";
import { WelcomeBanner } from "./welcome-banner.tsx";

/** The dashboard of a member (spec 2, 'Other users'). */
export function MemberDashboard() {
  const me = useViewer();
  return (
    <div className="space-y-6">
      <WelcomeBanner name={me.name}>Um minuto para você hoje já faz diferença. Comece pelo check-in.</WelcomeBanner>
      <TodayCheckInCard />
      <ProgressTiles />
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickExercises />
        <RecentActivities />
      </div>
    </div>
  );
}
