import { Clock } from "lucide-react";
import type { ContentItem } from "#core/schemas/content.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/cn.ts";
import { contentTypeVisuals } from "./content-visuals.ts";

/** What kind of item it is and how long it takes, as the card and the item's page show it. */
export function ContentMeta({ item, className }: { item: ContentItem; className?: string }) {
  const { label, icon: Icon } = contentTypeVisuals[item.contentType];
  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <Badge tone="primary">
        <Icon aria-hidden className="size-3.5" /> {label}
      </Badge>
      <span className="inline-flex items-center gap-1 text-xs text-muted">
        <Clock aria-hidden className="size-3.5" /> {item.duration}
      </span>
    </div>
  );
}
