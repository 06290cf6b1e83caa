import type { LucideIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";

/**
 * One card of the settings screen: an icon, its h2 (which names the region) and a one-line description.
 * `/settings#{id}` opens the screen at the card (the dashboard's recovery-code nudge, /descadastrar).
 */
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
  const { hash } = useLocation();
  // Brought into view and its title focused (so a screen reader says where the link led) by the card itself:
  // a card that loads beside the page (Chaves de acesso) is not there yet when the router restores the scroll.
  useEffect(() => {
    if (hash !== `#${id}`) return;
    document.getElementById(id)?.scrollIntoView({ block: "start" });
    document.getElementById(`${id}-titulo`)?.focus({ preventScroll: true });
  }, [hash, id]);

  return (
    <Card
      id={id}
      role="region"
      aria-labelledby={`${id}-titulo`}
      className={cn("flex scroll-mt-24 flex-col gap-5", className)}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon aria-hidden className="size-5" strokeWidth={1.75} />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle id={`${id}-titulo`} tabIndex={-1} className="outline-none">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </div>
      {children}
    </Card>
  );
}
