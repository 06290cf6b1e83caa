import type { LucideIcon } from "lucide-react";
import { Badge } from "#web/components/ui/badge.tsx";

export type Feature = { icon: LucideIcon; title: string; description: string; badge?: string };

/** One feature in a grid of cards: icon, title, a sentence, and an honest badge ('Em breve') when needed. */
export function FeatureCard({ feature }: { feature: Feature }) {
  const { icon: Icon, title, description, badge } = feature;
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-6 shadow-soft">
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Icon aria-hidden className="size-6" strokeWidth={1.75} />
        </span>
        {badge ? <Badge tone="accent">{badge}</Badge> : null}
      </div>
      <h3 className="text-lg font-semibold leading-snug">{title}</h3>
      <p className="leading-relaxed text-muted">{description}</p>
    </li>
  );
}
