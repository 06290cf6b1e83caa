import { Check, type LucideIcon } from "lucide-react";
import { Badge } from "#web/components/ui/badge.tsx";

export type FeatureDetail = {
  icon: LucideIcon;
  title: string;
  description: string;
  points: string[];
  badge?: string;
};

/**
 * A feature told at length (the /recursos blocks): icon, title, a paragraph
 * and what it includes. The icon has its own column from `sm` up.
 */
export function FeatureBlock({ feature }: { feature: FeatureDetail }) {
  const { icon: Icon, title, description, points, badge } = feature;
  return (
    <li className="rounded-xl border border-border bg-surface p-6 shadow-soft sm:grid sm:grid-cols-[auto_1fr] sm:gap-x-5 sm:p-8">
      <div className="flex items-center gap-4 sm:contents">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary sm:row-span-2 sm:size-14">
          <Icon aria-hidden className="size-6 sm:size-7" strokeWidth={1.75} />
        </span>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h3 className="text-xl font-semibold">{title}</h3>
          {badge ? (
            <Badge tone="accent" className="text-fg">
              {badge}
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:col-start-2 sm:mt-3">
        <p className="leading-relaxed text-muted">{description}</p>
        <ul className="space-y-2 pt-1">
          {points.map((point) => (
            <li key={point} className="flex items-start gap-2.5 text-sm">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={2.25} />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
