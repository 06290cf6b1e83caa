import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.ts";

const tones = {
  info: { box: "bg-primary-soft text-fg border-primary/30", Icon: Info, icon: "text-primary" },
  success: { box: "bg-success-soft text-fg border-success/30", Icon: CheckCircle2, icon: "text-success" },
  warning: { box: "bg-warning-soft text-fg border-warning/40", Icon: AlertTriangle, icon: "text-warning" },
  error: { box: "bg-danger-soft text-fg border-danger/30", Icon: XCircle, icon: "text-danger" },
} as const;

export function Alert({
  tone = "info",
  title,
  children,
  className,
  live = true,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  live?: boolean;
}) {
  const { box, Icon, icon } = tones[tone];
  return (
    <div
      role={live ? (tone === "error" ? "alert" : "status") : undefined}
      className={cn("flex gap-3 rounded-md border p-3 text-sm", box, className)}
    >
      <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", icon)} strokeWidth={1.75} />
      <div className="flex flex-col gap-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
