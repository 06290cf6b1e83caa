import { MemberDashboard } from "#web/features/dashboard/member-dashboard.tsx";

export function meta() {
  return [{ title: "Dashboard | Sereno" }];
}

export default function DashboardPage() {
  return <MemberDashboard />;
}
