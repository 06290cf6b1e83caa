import { Clock, Lock, Sparkles } from "lucide-react";
import { categoryLabels, ptBR } from "#core/exercises.ts";
import { formatXp } from "#core/format.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { CategoryArt } from "#web/components/category-art.tsx";
import { categoryVisuals } from "#web/components/category-visuals.ts";
import { Thumbnail } from "#web/components/thumbnail.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/cn.ts";
import { DoneTodayBadge } from "./done-today-badge.tsx";

/** A library card: opens the exercise, says 'Feito hoje' once done today, or which level unlocks it. */
export function ExerciseCard({ exercise, onOpen }: { exercise: Exercise; onOpen: (exercise: Exercise) => void }) {
  const { icon, tint } = categoryVisuals[exercise.category];
  const title = ptBR(exercise.title);
  return (
    <article
      aria-label={title}
      className={cn(
        "flex flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-soft transition-shadow",
        !exercise.locked && "hover:shadow-raised",
        exercise.completedToday && "border-success/40",
      )}
    >
      <div className="relative">
        <Thumbnail
          src={exercise.thumbnail}
          icon={icon}
          tint={tint}
          art={<CategoryArt category={exercise.category} />}
          className="h-28"
        />
        <Badge tone="accent" className="absolute right-3 top-3 shadow-soft">
          <Sparkles aria-hidden className="size-3" /> {formatXp(exercise.xpReward)}
        </Badge>
        <DoneTodayBadge exercise={exercise} className="absolute left-3 top-3 shadow-soft" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex-1 space-y-1">
          <h3 className="break-words font-semibold leading-snug">{title}</h3>
          <p className="line-clamp-3 break-words text-sm text-muted">{ptBR(exercise.description)}</p>
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
            data-exercise-open={exercise.id}
            className={cn(
              "min-h-11 cursor-pointer rounded-md text-sm font-medium",
              exercise.completedToday
                ? "border border-border text-fg hover:bg-surface-2"
                : "bg-primary-soft text-primary hover:bg-primary hover:text-primary-fg",
            )}
            aria-label={`${exercise.completedToday ? "Fazer de novo" : "Começar"}: ${title}`}
          >
            {exercise.completedToday ? "Fazer de novo" : "Começar"}
          </button>
        )}
      </div>
    </article>
  );
}
