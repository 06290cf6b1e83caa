import { Clock, Lock, Sparkles } from "lucide-react";
import { categoryLabels, ptBR } from "#core/exercises.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { categoryVisuals } from "#web/components/category-visuals.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/cn.ts";

/** A library card: opens the exercise, or says which level unlocks it. */
export function ExerciseCard({ exercise, onOpen }: { exercise: Exercise; onOpen: (exercise: Exercise) => void }) {
  const { icon: Icon, tint } = categoryVisuals[exercise.category];
  const title = ptBR(exercise.title);
  return (
    <article
      aria-label={title}
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-soft transition-shadow",
        !exercise.locked && "hover:shadow-raised",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <span className={cn("inline-flex size-11 shrink-0 items-center justify-center rounded-md", tint)}>
          <Icon aria-hidden className="size-5" strokeWidth={1.75} />
        </span>
        <Badge tone="accent">
          <Sparkles aria-hidden className="size-3" /> {exercise.xpReward} XP
        </Badge>
      </div>
      <div className="flex-1 space-y-1">
        <h3 className="font-semibold leading-snug">{title}</h3>
        <p className="line-clamp-3 text-sm text-muted">{ptBR(exercise.description)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
        <Badge>{categoryLabels[exercise.category]}</Badge>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden className="size-3.5" /> {exercise.duration}
        </span>
        <span>Nível {exercise.requiredLevel}</span>
      </div>
      {exercise.locked ? (
        <p className="flex min-h-11 items-center justify-center gap-2 rounded-md bg-surface-2 text-sm font-medium text-muted">
          <Lock aria-hidden className="size-4" /> Disponível no nível {exercise.requiredLevel}
        </p>
      ) : (
        <button
          type="button"
          onClick={() => onOpen(exercise)}
          className="min-h-11 cursor-pointer rounded-md bg-primary-soft text-sm font-medium text-primary hover:bg-primary hover:text-primary-fg"
          aria-label={`Começar: ${title}`}
        >
          Começar
        </button>
      )}
    </article>
  );
}
