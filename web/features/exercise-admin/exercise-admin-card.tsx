import { Clock, Sparkles, Trash2 } from "lucide-react";
import { categoryLabels, mediaTypeLabels, ptBR } from "#core/exercises.ts";
import { formatXp } from "#core/format.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { categoryVisuals } from "#web/components/category-visuals.ts";
import { Thumbnail } from "#web/components/thumbnail.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { mediaTypeIcons } from "./media-type-visuals.ts";

/** One catalogue entry as the admin sees it (spec 2): media type, the texts, category, duration, level, XP, delete. */
export function ExerciseAdminCard({
  exercise,
  onDelete,
}: {
  exercise: Exercise;
  onDelete: (exercise: Exercise) => void;
}) {
  const title = ptBR(exercise.title);
  const MediaIcon = mediaTypeIcons[exercise.mediaType];
  const { icon: CategoryIcon, tint } = categoryVisuals[exercise.category];
  const titleId = `exercicio-${exercise.id}`;
  // A missing or broken image falls back to the category's picture, never a broken-image icon.
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-soft"
    >
      <div className="relative">
        <Thumbnail src={exercise.thumbnail} icon={CategoryIcon} tint={tint} className="aspect-video" />
        <span className="absolute left-3 top-3 inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-2.5 py-1 text-xs font-medium text-fg shadow-soft">
          <MediaIcon aria-hidden className="size-3.5" strokeWidth={1.75} />
          <span className="sr-only">Mídia: </span>
          {mediaTypeLabels[exercise.mediaType]}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex-1 space-y-1">
          <h3 id={titleId} className="break-words font-semibold leading-snug">
            {title}
          </h3>
          <p className="line-clamp-3 text-sm text-muted">{ptBR(exercise.description)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-muted">
          <Badge>{categoryLabels[exercise.category]}</Badge>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden className="size-3.5" /> {exercise.duration}
          </span>
          <span>Nível {exercise.requiredLevel}</span>
          <Badge tone="accent">
            <Sparkles aria-hidden className="size-3" /> {formatXp(exercise.xpReward)}
          </Badge>
        </div>
        <Button
          variant="ghost"
          className="self-end text-danger hover:bg-danger-soft"
          aria-label={`Excluir ${title}`}
          onClick={() => onDelete(exercise)}
        >
          <Trash2 aria-hidden className="size-4" strokeWidth={1.75} /> Excluir
        </Button>
      </div>
    </article>
  );
}
