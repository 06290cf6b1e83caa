import { ChevronDown, Dumbbell } from "lucide-react";
import { useRef, useState } from "react";
import { adminMessages } from "#core/admin-messages.ts";
import { ptBR } from "#core/exercises.ts";
import { loadFailed } from "#core/messages.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/lib/toast.ts";
import { type useAdminExercises, useDeleteExercise } from "./exercise-admin.queries.ts";
import { ExerciseAdminCard } from "./exercise-admin-card.tsx";

/** Cards shown at first and added by each 'Mostrar mais': the catalogue starts with ~57. */
const PAGE_SIZE = 12;
const gridClass = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";

function CardSkeletons() {
  return (
    <div className={gridClass}>
      {[1, 2, 3, 4, 5, 6].map((key) => (
        <div key={key} className="overflow-hidden rounded-lg border border-border bg-surface">
          <Skeleton className="aspect-video rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** 'Exercícios Existentes' (spec 2): newest first, with the delete confirmation of spec 4. */
export function ExerciseAdminGrid({ query }: { query: ReturnType<typeof useAdminExercises> }) {
  const remove = useDeleteExercise();
  const [shown, setShown] = useState(PAGE_SIZE);
  const [toDelete, setToDelete] = useState<Exercise | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    const title = ptBR(toDelete.title);
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(adminMessages.exerciseDeleted, { description: `“${title}” saiu do catálogo.` });
    } catch {
      toast.error(adminMessages.exerciseDeleteFailed, {
        description: "Nada foi apagado. Tente novamente em instantes.",
      });
    }
    setToDelete(null);
    // The card (and its button) may be gone: focus lands on the list's heading.
    setTimeout(() => heading.current?.focus(), 0);
  }

  return (
    <section aria-labelledby="exercicios-existentes-titulo" className="space-y-4">
      <h2 id="exercicios-existentes-titulo" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Exercícios Existentes
        {query.data ? <span className="ml-2 text-base font-normal text-muted">({query.data.length})</span> : null}
      </h2>
      <QueryPanel query={query} errorMessage={loadFailed("os exercícios")} loading={<CardSkeletons />}>
        {(exercises) =>
          exercises.length === 0 ? (
            <EmptyState icon={Dumbbell} title={adminMessages.noExercisesYet}>
              Use o formulário acima para criar o primeiro. Ele aparece aqui e na biblioteca de exercícios.
            </EmptyState>
          ) : (
            <>
              <div className={gridClass}>
                {exercises.slice(0, shown).map((exercise) => (
                  <ExerciseAdminCard key={exercise.id} exercise={exercise} onDelete={setToDelete} />
                ))}
              </div>
              {exercises.length > shown ? (
                <div className="flex flex-col items-center gap-2">
                  <p className="text-sm text-muted" aria-live="polite">
                    Mostrando {shown} de {exercises.length}
                  </p>
                  <Button variant="secondary" onClick={() => setShown((count) => count + PAGE_SIZE)}>
                    <ChevronDown aria-hidden className="size-4" /> Mostrar mais
                  </Button>
                </div>
              ) : null}
            </>
          )
        }
      </QueryPanel>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title={adminMessages.confirmDeleteExercise}
        description={
          toDelete ? (
            <>
              “{ptBR(toDelete.title)}” sai do catálogo e os arquivos dele são apagados. Quem já fez o exercício continua
              com o XP ganho, e ele segue no histórico dessas pessoas.
            </>
          ) : null
        }
        confirmLabel={remove.isPending ? "Excluindo..." : "Excluir exercício"}
        onConfirm={() => void confirmDelete()}
        isPending={remove.isPending}
      />
    </section>
  );
}
