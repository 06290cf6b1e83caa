import { SearchX, Sparkles } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import {
  categoryLabels,
  type ExerciseCategory,
  type ExerciseFilter,
  exerciseCategories,
  exerciseForToday,
  matchesExerciseFilter,
  pickReasonText,
} from "#core/exercises.ts";
import { countOf, formatXp } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { levelProgress } from "#core/xp.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useTodayCheckIn } from "#web/features/check-ins/check-ins.queries.ts";
import { ExerciseCard } from "#web/features/exercises/exercise-card.tsx";
import { ExerciseDialog } from "#web/features/exercises/exercise-dialog.tsx";
import { ExerciseFilters } from "#web/features/exercises/exercise-filters.tsx";
import { useExercises } from "#web/features/exercises/exercises.queries.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Exercícios de mindfulness | Sereno" }];
}

/** Cards a category shows before 'Ver os N de …', and a filtered list before 'Mostrar mais' (issue 36 item 9). */
const PER_SECTION = 3;
const PAGE = 12;
const NO_FILTER: ExerciseFilter = { search: "", category: "", duration: "" };

export default function ExercisesPage() {
  const me = useViewer();
  const exercises = useExercises();
  const today = useTodayCheckIn();
  const [params, setParams] = useSearchParams();
  const [filter, setFilterState] = useState<ExerciseFilter>(NO_FILTER);
  const [shown, setShown] = useState(PAGE);
  const filtersRef = useRef<HTMLDivElement>(null);
  const setFilter = (next: ExerciseFilter) => {
    setFilterState(next);
    setShown(PAGE);
  };
  const isFiltering = Boolean(filter.search?.trim() || filter.category || filter.duration);
  const showCategory = (category: ExerciseCategory) => {
    setFilter({ ...NO_FILTER, category });
    filtersRef.current?.scrollIntoView({ block: "start" });
  };
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

      <div ref={filtersRef} className="scroll-mt-24">
        <ExerciseFilters value={filter} onChange={setFilter} />
      </div>

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
              {isFiltering ? (
                <>
                  <ExerciseGrid exercises={visible.slice(0, shown)} onOpen={open} />
                  {visible.length > shown ? (
                    <div className="flex justify-center">
                      <Button variant="secondary" onClick={() => setShown(shown + PAGE)}>
                        Mostrar mais {Math.min(PAGE, visible.length - shown)}
                      </Button>
                    </div>
                  ) : null}
                </>
              ) : (
                <>
                  <TodaysPick
                    pick={exerciseForToday(
                      visible,
                      today.data?.day ?? new Date().toISOString().slice(0, 10),
                      today.data?.checkIn ?? null,
                    )}
                    onOpen={open}
                  />
                  {exerciseCategories.map((category) => (
                    <CategorySection
                      key={category}
                      category={category}
                      exercises={visible.filter((exercise) => exercise.category === category)}
                      onOpen={open}
                      onShowAll={() => showCategory(category)}
                    />
                  ))}
                </>
              )}
            </>
          )
        }
      </QueryPanel>
      <ExerciseDialog exercise={opened} onClose={close} />
    </div>
  );
}

function ExerciseGrid({ exercises, onOpen }: { exercises: Exercise[]; onOpen: (exercise: Exercise) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {exercises.map((exercise) => (
        <ExerciseCard key={exercise.id} exercise={exercise} onOpen={onOpen} />
      ))}
    </div>
  );
}

/** One exercise for today, chosen by core's rule from today's own check-in (it never leaves the device). */
function TodaysPick({
  pick,
  onOpen,
}: {
  pick: ReturnType<typeof exerciseForToday<Exercise>>;
  onOpen: (exercise: Exercise) => void;
}) {
  if (!pick) return null;
  return (
    <section
      aria-labelledby="todays-pick"
      className="grid gap-4 rounded-lg border border-primary/25 bg-primary-soft/50 p-4 md:grid-cols-[1fr_minmax(0,22rem)] md:items-center md:p-6"
    >
      <div className="space-y-2">
        <h2 id="todays-pick" className="text-xl font-semibold">
          Para você hoje
        </h2>
        <p className="text-muted">{pickReasonText[pick.reason]}</p>
      </div>
      <ExerciseCard exercise={pick.exercise} onOpen={onOpen} />
    </section>
  );
}

/** A category's first cards (the ones the person can open first), and a way to all of them. */
function CategorySection({
  category,
  exercises,
  onOpen,
  onShowAll,
}: {
  category: ExerciseCategory;
  exercises: Exercise[];
  onOpen: (exercise: Exercise) => void;
  onShowAll: () => void;
}) {
  if (exercises.length === 0) return null;
  const first = [...exercises].sort((a, b) => Number(a.locked) - Number(b.locked)).slice(0, PER_SECTION);
  const label = categoryLabels[category];
  return (
    <section aria-labelledby={`section-${category}`} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`section-${category}`} className="text-lg font-semibold">
          {label}
        </h2>
        {exercises.length > PER_SECTION ? (
          <Button variant="link" onClick={onShowAll} className="px-0">
            Ver os {exercises.length} de {label}
          </Button>
        ) : null}
      </div>
      <ExerciseGrid exercises={first} onOpen={onOpen} />
    </section>
  );
}
