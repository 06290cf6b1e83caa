import { SearchX, Sparkles } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { type ExerciseFilter, matchesExerciseFilter } from "#core/exercises.ts";
import { countOf, formatXp } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { levelProgress } from "#core/xp.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ExerciseCard } from "#web/features/exercises/exercise-card.tsx";
import { ExerciseDialog } from "#web/features/exercises/exercise-dialog.tsx";
import { ExerciseFilters } from "#web/features/exercises/exercise-filters.tsx";
import { useExercises } from "#web/features/exercises/exercises.queries.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Exercícios de mindfulness | Sereno" }];
}

export default function ExercisesPage() {
  const me = useViewer();
  const exercises = useExercises();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<ExerciseFilter>({ search: "", category: "", duration: "" });
  const openId = params.get("abrir");
  const progress = levelProgress(me.xp);

  const open = (exercise: Exercise) => setParams({ abrir: exercise.id }, { replace: true });
  const close = () => setParams({}, { replace: true });

  const visible = useMemo(
    () => (exercises.data ?? []).filter((exercise) => matchesExerciseFilter(exercise, filter)),
    [exercises.data, filter],
  );
  const opened = exercises.data?.find((exercise) => exercise.id === openId && !exercise.locked) ?? null;

  return (
    <div className="space-y-6">
      <section
        aria-label="Seu nível"
        className="flex flex-col gap-3 rounded-lg border border-accent/30 bg-accent-soft p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2 font-medium">
          <Sparkles aria-hidden className="size-5 text-accent" />
          <span data-testid="level-summary">
            Nível {me.level} · {formatXp(me.xp)}
          </span>
        </p>
        <div className="w-full max-w-xs space-y-1">
          <ProgressBar value={progress.percent} label="Progresso até o próximo nível" tone="accent" />
          <p className="text-xs text-muted">
            {formatXp(progress.nextLevelAt - me.xp)} para o nível {me.level + 1}
          </p>
        </div>
      </section>

      <ExerciseFilters value={filter} onChange={setFilter} />

      <QueryPanel
        query={exercises}
        errorMessage={loadFailed("os exercícios")}
        loading={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[1, 2, 3, 4, 5, 6].map((n) => (
              <Skeleton key={n} className="h-64" />
            ))}
          </div>
        }
      >
        {() =>
          visible.length === 0 ? (
            <EmptyState icon={SearchX} title="Nenhum exercício encontrado">
              <p>Tente outra palavra ou limpe os filtros.</p>
              <Button variant="link" onClick={() => setFilter({ search: "", category: "", duration: "" })}>
                Limpar filtros
              </Button>
            </EmptyState>
          ) : (
            <>
              <p className="text-sm text-muted" aria-live="polite">
                {countOf(visible.length, "exercício", "exercícios")}
              </p>
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {visible.map((exercise) => (
                  <ExerciseCard key={exercise.id} exercise={exercise} onOpen={open} />
                ))}
              </div>
            </>
          )
        }
      </QueryPanel>
      <ExerciseDialog exercise={opened} onClose={close} />
    </div>
  );
}
