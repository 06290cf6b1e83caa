import { CircleCheck, Clock, Sparkles } from "lucide-react";
import { exerciseMessages } from "#core/exercise-messages.ts";
import { categoryLabels, ptBR } from "#core/exercises.ts";
import { formatXp } from "#core/format.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { ExerciseMedia } from "./exercise-media.tsx";
import { ExerciseTimer } from "./exercise-timer.tsx";
import { useCompleteExercise } from "./exercises.queries.ts";

/** The exercise itself: guidance, media, timer and 'Marcar como Concluído'. */
export function ExerciseDialog({ exercise, onClose }: { exercise: Exercise | null; onClose: () => void }) {
  const complete = useCompleteExercise();
  if (!exercise) return null;

  async function onComplete() {
    if (!exercise) return;
    try {
      const result = await complete.mutateAsync(exercise.id);
      onClose();
      if (result.xpAwarded) toast.success(result.message, { description: `+${formatXp(result.xpEarned)}` });
      else toast.info(result.message);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 403 ? error.message : exerciseMessages.exerciseCompleteFailed,
      );
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ptBR(exercise.title)}
      description={ptBR(exercise.description)}
      className="max-w-2xl"
      // Opened from the dashboard's link, the opener is on another page: focus the exercise's own card.
      fallbackFocus={() => document.querySelector<HTMLElement>(`[data-exercise-open="${exercise.id}"]`)}
    >
      <div className="space-y-5">
        <div className="flex flex-wrap gap-2 text-sm">
          <Badge>{categoryLabels[exercise.category]}</Badge>
          <Badge>
            <Clock aria-hidden className="size-3" /> {exercise.duration}
          </Badge>
          <Badge tone="accent">
            <Sparkles aria-hidden className="size-3" /> {formatXp(exercise.xpReward)}
          </Badge>
        </div>
        <ExerciseMedia exercise={exercise} />
        <ExerciseTimer duration={exercise.duration} />
        {exercise.steps?.length ? (
          <section aria-labelledby="exercise-steps" className="space-y-2">
            <h3 id="exercise-steps" className="font-semibold">
              Passo a passo
            </h3>
            <ol className="space-y-2">
              {exercise.steps.map((step, index) => (
                <li key={step} className="flex gap-3 text-sm leading-relaxed">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary">
                    {index + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          <Button onClick={onComplete} disabled={complete.isPending}>
            <CircleCheck aria-hidden className="size-4" />
            {complete.isPending ? "Registrando..." : "Marcar como Concluído"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
