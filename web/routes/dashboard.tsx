import { useViewer } from "#web/features/auth/auth.queries.ts";
import { ManagerDashboard } from "#web/features/dashboard/manager-dashboard.tsx";
import { MemberDashboard } from "#web/features/dashboard/member-dashboard.tsx";

export function meta() {
  return [{ title: "Dashboard | Sereno" }];
}

/** Two variants (spec 2): the manager's team view, everyone else's own progress. */
export default function DashboardPage() {
  const me = useViewer();
  return me.role === "manager" ? <ManagerDashboard /> : <MemberDashboard />;
}
