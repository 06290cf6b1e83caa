import { ArrowLeft, type LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** A screen a role may not use says so, why, and offers the way back (docs/decisions/003). */
export function RestrictedPanel({
  icon: Icon,
  title,
  children,
  extraAction,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  extraAction?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-10 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning">
        <Icon aria-hidden className="size-7" strokeWidth={1.75} />
      </span>
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="space-y-2 text-muted">{children}</div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/dashboard" className={buttonClass("primary")}>
          <ArrowLeft aria-hidden className="size-4" /> Voltar ao painel
        </Link>
        {extraAction}
      </div>
    </Card>
  );
}
