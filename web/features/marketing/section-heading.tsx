import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";

/** Eyebrow, h2 and an optional lead; the h2's id names the surrounding MarketingSection. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  className,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: "center" | "start";
  className?: string;
}) {
  return (
    <div className={cn("max-w-3xl space-y-3", align === "center" && "mx-auto text-center", className)}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p> : null}
      <h2 id={`${id}-titulo`} className="text-balance text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {description ? (
        <p className={cn("max-w-2xl text-pretty text-lg leading-relaxed text-muted", align === "center" && "mx-auto")}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
