import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";

const tones = {
  plain: "",
  surface: "border-y border-border bg-surface",
} as const;

/** A full-width band of a public page, named by its heading (`${id}-titulo`) so it is a landmark. */
export function MarketingSection({
  id,
  tone = "plain",
  className,
  children,
}: {
  id: string;
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className={cn("scroll-mt-20 py-16 sm:py-24", tones[tone])}>
      <div className={cn("mx-auto max-w-6xl px-4", className)}>{children}</div>
    </section>
  );
}
