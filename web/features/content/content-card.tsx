import { Clock, Lock } from "lucide-react";
import { ptBR } from "#core/exercises.ts";
import type { ContentItem } from "#core/schemas/content.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { contentTypeVisuals } from "./content-visuals.ts";

export function ContentCard({ item, onOpen }: { item: ContentItem; onOpen: (item: ContentItem) => void }) {
  const { label, icon: Icon, action } = contentTypeVisuals[item.contentType];
  const title = ptBR(item.title);
  return (
    <article
      aria-label={title}
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-soft",
        !item.unlocked && "bg-surface-2/60",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <Badge tone="primary">
          <Icon aria-hidden className="size-3.5" /> {label}
        </Badge>
        <span className="inline-flex items-center gap-1 text-xs text-muted">
          <Clock aria-hidden className="size-3.5" /> {item.duration}
        </span>
      </div>
      <div className="flex-1 space-y-1">
        <h3 className="font-semibold leading-snug">{title}</h3>
        <p className="text-sm text-muted">{ptBR(item.description)}</p>
      </div>
      {item.unlocked ? (
        <Button variant="secondary" onClick={() => onOpen(item)} aria-label={`${action}: ${title}`}>
          {action}
        </Button>
      ) : (
        <p className="flex min-h-11 items-center justify-center gap-2 rounded-md bg-surface-2 text-center text-sm font-medium text-muted">
          <Lock aria-hidden className="size-4" /> Faltam {item.pointsMissing} pontos
        </p>
      )}
    </article>
  );
}
