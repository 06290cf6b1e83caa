import { EyeOff } from "lucide-react";
import type { ReactNode } from "react";

/** What a chart's frame shows when its drawing cannot be (it failed to load): the numbers are still in its table. */
export function ChartWithheld({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full items-center justify-center rounded-md border border-dashed border-border p-4 text-center text-sm text-muted">
      {children}
    </div>
  );
}

/**
 * What stands in place of a chart that has nothing to draw (docs/decisions/061): its title and the true
 * reason, with no empty frame and no data table behind it.
 */
export function ChartAbsent({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <section
      aria-label={caption}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-surface p-5 shadow-soft"
    >
      <h2 className="text-lg font-semibold text-fg">{caption}</h2>
      <p className="flex items-start gap-2 text-sm text-muted">
        <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
        <span>{children}</span>
      </p>
    </section>
  );
}
