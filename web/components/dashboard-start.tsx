/**
 * What a dashboard shows before its panels have their data: the welcome and
 * the places of the first figures. routes/dashboard.tsx draws them, and so
 * does the server in a signed-in page's first frame (web/first-frame.tsx).
 */
import type { Me } from "#core/schemas/me.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { WelcomeBanner } from "#web/components/welcome-banner.tsx";

export const managerGreeting =
  "Veja como sua equipe está, sempre de forma agregada e anônima. Ninguém aparece individualmente.";

/** The member's banner follows the day: an invitation before the check-in, a next step after it. */
export function memberGreeting(today: { checkIn: unknown } | undefined): string {
  if (!today) return "Um minuto para você hoje já faz diferença.";
  return today.checkIn
    ? "Seu check-in de hoje está feito. Que tal uma pausa com um exercício rápido?"
    : "Um minuto para você hoje já faz diferença. Comece pelo check-in.";
}

/** The manager's four figures while they load. */
export function TeamFiguresLoading() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {[1, 2, 3, 4].map((n) => (
        <Skeleton key={n} className="h-32" />
      ))}
    </div>
  );
}

/** The dashboard as it first appears: the role's welcome (a member's by today's check-in), the rest still loading. */
export function DashboardStart({ me, today }: { me: Me; today: { checkIn: unknown } | undefined }) {
  const isManager = me.role === "manager";
  return (
    <div className="space-y-6">
      <WelcomeBanner name={me.name}>{isManager ? managerGreeting : memberGreeting(today)}</WelcomeBanner>
      {isManager ? (
        <TeamFiguresLoading />
      ) : (
        // The places of the check-in card and the progress tiles, the member's first panels.
        <div className="space-y-6">
          <Skeleton className="h-44" />
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  );
}
