import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A native details/summary: keyboard and screen-reader friendly with no
 * script. `isOpen` opens it when a search starts; the person can still close it.
 */
export function HelpDisclosure({
  summary,
  isOpen,
  children,
}: {
  summary: ReactNode;
  isOpen: boolean;
  children: ReactNode;
}) {
  return (
    <details
      open={isOpen}
      className="group rounded-lg border border-border bg-surface shadow-soft transition-colors open:border-primary/40"
    >
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-lg p-4 hover:bg-surface-2/60 [&::-webkit-details-marker]:hidden">
        <div className="min-w-0 flex-1">{summary}</div>
        <ChevronDown
          aria-hidden
          className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180"
          strokeWidth={1.75}
        />
      </summary>
      <div className="border-t border-border px-4 pt-4 pb-5 text-sm sm:px-5">{children}</div>
    </details>
  );
}
