import type { ReactNode } from "react";

/** What a chart shows when no day of the period can be shown without exposing someone. */
export function ChartWithheld({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full items-center justify-center rounded-md border border-dashed border-border p-4 text-center text-sm text-muted">
      {children}
    </div>
  );
}
