import { WelcomeBanner } from "#web/components/welcome-banner.tsx";
import { TodayCheckInCard } from "#web/features/check-ins/today-check-in-card.tsx";
import { QuickExercises } from "#web/features/exercises/quick-exercises.tsx";
import { ProgressTiles } from "#web/features/progress/progress-tiles.tsx";
import { RecentActivities } from "#web/features/progress/recent-activities.tsx";
import { ManagerDashboard } from "#web/features/reports/manager-dashboard.tsx";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Dashboard | Sereno" }];
}

/** The dashboard of a member (spec 2, 'Other users'): each panel comes from its own feature. */
function MemberDashboard() {
  const me = useViewer();
  return (
    <div className="space-y-6">
      <WelcomeBanner name={me.name}>Um minuto para você hoje já faz diferença. Comece pelo check-in.</WelcomeBanner>
      <TodayCheckInCard />
      <ProgressTiles />
      <QuickExercises />
      <RecentActivities />
    </div>
  );
}

/** Two variants (spec 2): the manager's team view, everyone else's own progress. */
export default function DashboardPage() {
  const me = useViewer();
  return me.role === "manager" ? <ManagerDashboard /> : <MemberDashboard />;
}
