import type { TooltipContentProps } from "recharts";
import { formatLongDay } from "#core/format.ts";

/** The charts' hover card, in the theme's tokens so it reads in light and dark. */
export function ChartTooltip({
  active,
  label,
  payload,
  detailFor,
}: Pick<TooltipContentProps, "active" | "label" | "payload"> & { detailFor: (day: string) => string }) {
  if (!active || !payload?.length || typeof label !== "string") return null;
  return (
    <div className="rounded-md border border-border bg-surface px-3 py-2 text-sm shadow-raised">
      <p className="font-medium text-fg">{formatLongDay(label)}</p>
      <p className="text-muted">{detailFor(label)}</p>
    </div>
  );
}
