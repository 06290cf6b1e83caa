import { LogOut, MonitorSmartphone } from "lucide-react";
import { formatDateTimePtBR, relativeTimePtBR } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import type { ActiveSession } from "#core/schemas/sessions.ts";
import { sessionMessages } from "#core/settings-messages.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useActiveSessions, useEndSessions } from "./active-sessions.queries.ts";
import { SectionStatus } from "./section-status.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { useSectionStatus } from "./use-section-status.ts";

function SessionItem({ session, isEnding, onEnd }: { session: ActiveSession; isEnding: boolean; onEnd: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.device}
          {session.isCurrent ? <Badge tone="success">Esta sessão</Badge> : null}
        </p>
        <p className="text-muted">Endereço aproximado: {session.address}</p>
        <p className="text-muted">Entrou em {formatDateTimePtBR(session.signedInAt)}</p>
        <p className="text-muted">
          Última atividade: {session.isCurrent ? "agora" : relativeTimePtBR(new Date(session.lastActiveAt))}
        </p>
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="secondary"
          size="sm"
          disabled={isEnding}
          aria-label={`Encerrar a sessão ${session.device}`}
          onClick={onEnd}
        >
          Encerrar
        </Button>
      )}
    </li>
  );
}

/**
 * Where the person's account is open: each session with its device, an
 * approximate address and when it was used; any other one can be ended, or
 * all of them at once (docs/decisions/032). The current one ends with 'Sair'.
 */
export function ActiveSessionsSection() {
  const sessions = useActiveSessions();
  const end = useEndSessions();
  const status = useSectionStatus();

  function endSessions(id: string | null) {
    status.clear();
    end.mutate(id, {
      onSuccess: () => status.succeed(id ? sessionMessages.ended : sessionMessages.othersEnded),
      onError: (error) =>
        status.fail(error instanceof ApiError && error.status === 404 ? error.message : sessionMessages.failed),
    });
  }

  return (
    <SettingsSection
      id="sessoes"
      icon={MonitorSmartphone}
      title="Sessões ativas"
      description="Os aparelhos em que sua conta está aberta. Encerre qualquer sessão que você não reconheça."
    >
      <QueryPanel query={sessions} errorMessage={loadFailed("suas sessões")}>
        {({ items }) => {
          const others = items.filter((session) => !session.isCurrent);
          return (
            <div className="flex flex-col gap-4">
              <ul aria-label="Sessões" className="divide-y divide-border">
                {items.map((session) => (
                  <SessionItem
                    key={session.id}
                    session={session}
                    isEnding={end.isPending}
                    onEnd={() => endSessions(session.id)}
                  />
                ))}
              </ul>
              {others.length > 0 ? (
                <Button
                  variant="secondary"
                  className="self-start"
                  disabled={end.isPending}
                  onClick={() => endSessions(null)}
                >
                  <LogOut aria-hidden className="size-4" strokeWidth={1.75} />
                  Encerrar as outras sessões
                </Button>
              ) : (
                <p className="text-sm text-muted">{sessionMessages.noOthers}</p>
              )}
            </div>
          );
        }}
      </QueryPanel>
      <SectionStatus status={status.status} />
    </SettingsSection>
  );
}
