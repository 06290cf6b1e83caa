import { Lock } from "lucide-react";
import { Link } from "react-router";
import { ptBR } from "#core/exercises.ts";
import type { ContentItem } from "#core/schemas/content.ts";
import { Thumbnail } from "#web/components/thumbnail.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { ContentMeta } from "./content-meta.tsx";
import { contentTypeVisuals } from "./content-visuals.ts";

/** A library card: links to the item's own page (/content/:id), or says how many points are missing. */
export function ContentCard({ item }: { item: ContentItem }) {
  const { icon: Icon, tint, action } = contentTypeVisuals[item.contentType];
  const title = ptBR(item.title);
  return (
    <article
      aria-label={title}
      className={cn(
        "flex flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-soft",
        !item.unlocked && "bg-surface-2/60",
      )}
    >
      <Thumbnail src={item.thumbnail} icon={Icon} tint={tint} className={cn("h-28", !item.unlocked && "opacity-70")} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <ContentMeta item={item} className="justify-between" />
        <div className="flex-1 space-y-1">
          <h3 className="break-words font-semibold leading-snug">{title}</h3>
          <p className="break-words text-sm text-muted">{ptBR(item.description)}</p>
        </div>
        {item.unlocked ? (
          <Link
            to={`/content/${item.id}`}
            state={{ fromList: true }}
            className={buttonClass("secondary")}
            aria-label={`${action}: ${title}`}
          >
            {action}
          </Link>
        ) : (
          <p className="flex min-h-11 items-center justify-center gap-2 rounded-md bg-surface-2 text-center text-sm font-medium text-muted">
            <Lock aria-hidden className="size-4" /> Faltam {item.pointsMissing} pontos
          </p>
        )}
      </div>
    </article>
  );
}
