import { Clock, Dumbbell } from "lucide-react";
import { Link } from "react-router";
import { ptBR } from "#core/exercises.ts";
import { formatXp } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { categoryVisuals } from "#web/components/category-visuals.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Thumbnail } from "#web/components/thumbnail.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { DoneTodayBadge } from "./done-today-badge.tsx";
import { useQuickExercises } from "./exercises.queries.ts";

/** Up to three level-1 exercises, side by side from 640 px so the card is never half empty. */
export function QuickExercises() {
  const quick = useQuickExercises();
  return (
    <Card className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <CardTitle>Exercícios rápidos</CardTitle>
        <Link to="/exercises" className="text-sm font-medium text-primary hover:underline">
          Ver todos
        </Link>
      </div>
      <QueryPanel query={quick} errorMessage={loadFailed("os exercícios")}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon={Dumbbell} title="Nenhum exercício disponível ainda" />
          ) : (
            <ul className="grid gap-2 sm:grid-cols-3">
              {items.map((exercise) => {
                const { icon, tint } = categoryVisuals[exercise.category];
                return (
                  <li key={exercise.id}>
                    <Link
                      to={`/exercises?abrir=${exercise.id}`}
                      className="flex min-h-14 items-center gap-3 rounded-md p-2 hover:bg-surface-2"
                    >
                      <Thumbnail
                        src={exercise.thumbnail}
                        icon={icon}
                        tint={tint}
                        className="size-12 shrink-0 rounded-md"
                        iconClassName="size-5"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{ptBR(exercise.title)}</span>
                        <span className="inline-flex items-center gap-1 text-xs text-muted">
                          <Clock aria-hidden className="size-3" /> {exercise.duration} · {formatXp(exercise.xpReward)}
                        </span>
                      </span>
                      <DoneTodayBadge exercise={exercise} className="shrink-0" />
                    </Link>
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
