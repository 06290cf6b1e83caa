import type { LucideIcon } from "lucide-react";
import { Badge } from "#web/components/ui/badge.tsx";

export type Feature = { icon: LucideIcon; title: string; description: string; badge?: string };

/**
 * One feature in a grid of cards: icon, title, a sentence, and an honest badge
 * ('Em breve') when needed. On phones the icon sits beside the title.
 */
export function FeatureCard({ feature }: { feature: Feature }) {
  const { icon: Icon, title, description, badge } = feature;
  return (
    <li className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 rounded-xl border border-border bg-surface p-5 shadow-soft sm:flex sm:flex-col sm:items-stretch sm:gap-4 sm:p-6">
      <span className="flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary sm:self-start">
        <Icon aria-hidden className="size-6" strokeWidth={1.75} />
      </span>
      <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5">
        <h3 className="text-lg font-semibold leading-snug">{title}</h3>
        {badge ? (
          <Badge tone="accent" className="text-fg">
            {badge}
          </Badge>
        ) : null}
      </div>
      <p className="col-span-2 leading-relaxed text-muted">{description}</p>
    </li>
  );
}
