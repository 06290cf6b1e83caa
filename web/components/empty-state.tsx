import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** What a panel shows when there is nothing yet, and what to do about it. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-8 text-center">
      <Icon aria-hidden className="size-8 text-muted" strokeWidth={1.5} />
      <p className="font-medium">{title}</p>
      {children ? <div className="max-w-sm text-sm text-muted">{children}</div> : null}
    </div>
  );
}
