import { Progress } from "radix-ui";
import { cn } from "#web/lib/cn.ts";

export function ProgressBar({
  value,
  label,
  className,
  tone = "primary",
}: {
  value: number;
  label: string;
  className?: string;
  tone?: "primary" | "accent";
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <Progress.Root
      value={clamped}
      aria-label={label}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-surface-2", className)}
    >
      <Progress.Indicator
        className={cn("h-full transition-[width] duration-500", tone === "accent" ? "bg-accent" : "bg-primary")}
        style={{ width: `${clamped}%` }}
      />
    </Progress.Root>
  );
}
