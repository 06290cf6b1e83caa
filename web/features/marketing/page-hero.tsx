import type { ReactNode } from "react";

/** The opening band of an inner public page: eyebrow, the page's only h1, a lead and optional actions. */
export function PageHero({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden border-b border-border bg-linear-to-b from-primary-soft to-bg">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-accent-soft opacity-70 blur-3xl"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:py-24">
        <div className="max-w-3xl space-y-5">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
          <h1 className="text-balance text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
          <p className="text-pretty text-lg leading-relaxed text-muted sm:text-xl">{description}</p>
          {children ? <div className="flex flex-wrap gap-3 pt-2">{children}</div> : null}
        </div>
      </div>
    </div>
  );
}
