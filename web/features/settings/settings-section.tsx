import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";

/** One card of the settings screen: an icon, its h2 (which names the region) and a one-line description. */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  children,
  className,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-titulo`} className={cn("flex flex-col gap-5", className)}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon aria-hidden className="size-5" strokeWidth={1.75} />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle id={`${id}-titulo`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </div>
      {children}
    </Card>
  );
}
