import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * A card's picture: the uploaded thumbnail, or the item's icon on its tint when
 * there is none or it fails to load (never a broken-image icon). Decorative:
 * the card's title already names the item.
 */
export function Thumbnail({
  src,
  icon: Icon,
  tint,
  className,
  iconClassName = "size-10",
}: {
  src: string | null;
  icon: LucideIcon;
  tint: string;
  className?: string;
  iconClassName?: string;
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
      ) : (
        <div className={cn("flex size-full items-center justify-center", tint)}>
          <Icon aria-hidden className={iconClassName} strokeWidth={1.5} />
        </div>
      )}
    </div>
  );
}
