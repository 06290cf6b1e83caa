import { ExternalLink, FileText } from "lucide-react";
import type { Exercise } from "#core/schemas/exercises.ts";
import { buttonClass } from "#web/components/ui/button.tsx";

/** The exercise's media, when it has one: players for video and audio, links for PDF and external pages. */
export function ExerciseMedia({ exercise }: { exercise: Exercise }) {
  const url = exercise.mediaUrl;
  if (!url) return null;
  switch (exercise.mediaType) {
    case "video":
      return (
        // biome-ignore lint/a11y/useMediaCaption: uploaded guided exercises have no caption track yet
        <video
          controls
          preload="metadata"
          src={url}
          className="w-full rounded-lg bg-black"
          poster={exercise.thumbnail ?? undefined}
        />
      );
    case "audio":
      // biome-ignore lint/a11y/useMediaCaption: the written steps below carry the same guidance
      return <audio controls preload="metadata" src={url} className="w-full" />;
    case "pdf":
      return (
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
          <FileText aria-hidden className="size-4" /> Abrir o PDF do exercício
        </a>
      );
    default:
      return (
        <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
          <ExternalLink aria-hidden className="size-4" /> Abrir o material do exercício
        </a>
      );
  }
}
