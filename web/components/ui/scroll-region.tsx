import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";

/**
 * A wide table's sideways scroll on a phone. Someone on a keyboard scrolls it too: it takes focus and is a
 * named region, so a screen reader says what it holds (WCAG 2.1.1; axe's scrollable-region-focusable, issue 45).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled (WCAG 2.1.1).
    <section aria-label={label} tabIndex={0} className={cn("overflow-x-auto rounded-md", className)}>
      {children}
    </section>
  );
}
