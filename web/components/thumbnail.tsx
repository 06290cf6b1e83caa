import type { LucideIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * A card's picture: the uploaded thumbnail, or, when there is none or it fails to
 * load (never a broken-image icon), the item's illustration (`art`) or icon on its
 * tint. Decorative: the card's title already names the item.
 */
export function Thumbnail({
  src,
  icon: Icon,
  tint,
  className,
  iconClassName = "size-10",
  art,
}: {
  src: string | null;
  icon: LucideIcon;
  tint: string;
  className?: string;
  iconClassName?: string;
  art?: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div data-testid="thumbnail" className={cn("overflow-hidden bg-surface-2", className)}>
      {src && !failed ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : art ? (
        <div className={cn("size-full", tint)}>{art}</div>
      ) : (
        <div className={cn("flex size-full items-center justify-center", tint)}>
          <Icon aria-hidden className={iconClassName} strokeWidth={1.5} />
        </div>
      )}
    </div>
  );
}
