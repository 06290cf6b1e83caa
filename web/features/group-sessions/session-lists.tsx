import { CalendarDays, CalendarPlus } from "lucide-react";
import { loadFailed } from "#core/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { type ManageScope, useManagedSessions, useMySessions } from "./group-sessions.queries.ts";
import { ManagedSessionCard } from "./managed-session-card.tsx";
import { MemberSessionCard } from "./member-session-card.tsx";

const loading = (
  <div className="space-y-4">
    <Skeleton className="h-48 w-full" />
    <Skeleton className="h-48 w-full" />
  </div>
);

const endOf = (session: { startsAt: string; durationMinutes: number }) =>
  new Date(session.startsAt).getTime() + session.durationMinutes * 60_000;

/** The sessions a person may join, then their past ones (for the feedback). */
export function MySessionList({ timeZone }: { timeZone: string }) {
  const sessions = useMySessions();
  return (
    <QueryPanel query={sessions} errorMessage={loadFailed("os encontros")} loading={loading}>
      {(list) => {
        const upcoming = list.filter((session) => !session.hasEnded);
        const past = list.filter((session) => session.hasEnded).reverse();
        return (
          <div className="space-y-6">
            {upcoming.length === 0 ? (
              <EmptyState icon={CalendarDays} title="Nenhum encontro marcado por enquanto">
                Quando sua empresa ou o Sereno abrirem um workshop ou grupo de apoio, ele aparece aqui.
              </EmptyState>
            ) : (
              <div className="space-y-4">
                {upcoming.map((session) => (
                  <MemberSessionCard key={session.id} session={session} timeZone={timeZone} />
                ))}
              </div>
            )}
            {past.length > 0 ? (
              <section aria-labelledby="anteriores-membro" className="space-y-4">
                <h3 id="anteriores-membro" className="text-base font-semibold text-muted">
                  Encontros que já aconteceram
                </h3>
                {past.map((session) => (
                  <MemberSessionCard key={session.id} session={session} timeZone={timeZone} />
                ))}
              </section>
            ) : null}
          </div>
        );
      }}
    </QueryPanel>
  );
}

/** A company's (or the platform's) sessions for managers and admins: upcoming first, then the past. */
export function ManagedSessionList({ scope, timeZone, now }: { scope: ManageScope; timeZone: string; now: number }) {
  const sessions = useManagedSessions(scope);
  return (
    <QueryPanel query={sessions} errorMessage={loadFailed("os encontros")} loading={loading}>
      {({ sessions: list, minGroup }) => {
        const upcoming = list.filter((session) => endOf(session) > now);
        const past = list.filter((session) => endOf(session) <= now).reverse();
        return (
          <div className="space-y-6">
            {upcoming.length === 0 ? (
              <EmptyState icon={CalendarPlus} title="Nenhum encontro agendado">
                Crie um workshop ou um grupo de apoio em “Novo encontro”.
              </EmptyState>
            ) : (
              <div className="space-y-4">
                {upcoming.map((session) => (
                  <ManagedSessionCard
                    key={session.id}
                    session={session}
                    scope={scope}
                    minGroup={minGroup}
                    timeZone={timeZone}
                  />
                ))}
              </div>
            )}
            {past.length > 0 ? (
              <section aria-labelledby="anteriores-gestao" className="space-y-4">
                <h3 id="anteriores-gestao" className="text-base font-semibold text-muted">
                  Encontros anteriores
                </h3>
                {past.map((session) => (
                  <ManagedSessionCard
                    key={session.id}
                    session={session}
                    scope={scope}
                    minGroup={minGroup}
                    timeZone={timeZone}
                  />
                ))}
              </section>
            ) : null}
          </div>
        );
      }}
    </QueryPanel>
  );
}
