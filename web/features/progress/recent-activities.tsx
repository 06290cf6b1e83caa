import { ClipboardCheck, Dumbbell, History } from "lucide-react";
import { formatXp, relativeTimePtBR } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { useActivities } from "./progress.queries.ts";

export function RecentActivities() {
  const activities = useActivities();
  return (
    <Card className="space-y-4">
      <CardTitle>Suas atividades recentes</CardTitle>
      <QueryPanel query={activities} errorMessage={loadFailed("as atividades")}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon={History} title="Nada por aqui ainda">
              Seu check-in e seus exercícios vão aparecer aqui.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-border">
              {items.map((activity) => {
                const Icon = activity.kind === "check_in" ? ClipboardCheck : Dumbbell;
                return (
                  <li key={activity.id} className="flex items-center gap-3 py-3">
                    <Icon aria-hidden className="size-5 shrink-0 text-primary" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{activity.title}</span>
                      <time dateTime={activity.completedAt} className="text-xs text-muted">
                        {relativeTimePtBR(new Date(activity.completedAt))}
                      </time>
                    </span>
                    {activity.xpEarned > 0 ? (
                      <span className="text-sm font-medium text-accent">+{formatXp(activity.xpEarned)}</span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryPanel>
    </Card>
  );
}
