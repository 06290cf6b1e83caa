import type { LucideIcon } from "lucide-react";

export type Step = { icon: LucideIcon; title: string; description: string };

/** The numbered steps of 'Como funciona', as an ordered list joined by a soft line on wide screens. */
export function HowItWorks({ steps, labelledBy }: { steps: Step[]; labelledBy: string }) {
  return (
    <div className="relative">
      <span aria-hidden className="absolute top-7 right-[12%] left-[12%] hidden h-px bg-border lg:block" />
      <ol aria-labelledby={labelledBy} className="relative grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ icon: Icon, title, description }, index) => (
          <li key={title} className="relative flex gap-4 sm:flex-col sm:gap-3 lg:items-center lg:text-center">
            <span className="relative flex size-14 shrink-0 items-center justify-center rounded-full border border-border bg-surface text-primary shadow-soft">
              <Icon aria-hidden className="size-6" strokeWidth={1.75} />
              <span
                aria-hidden
                className="absolute -top-1 -right-1 flex size-6 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-fg"
              >
                {index + 1}
              </span>
            </span>
            <div className="space-y-2">
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Passo {index + 1}: </span>
                {title}
              </h3>
              <p className="leading-relaxed text-muted">{description}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
