import { cn } from "#web/lib/cn.ts";

/** Sereno's mark: a calm wave in a rounded square, drawn inline (no external image). */
export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold text-fg", className)}>
      <svg viewBox="0 0 32 32" aria-hidden className="size-8 shrink-0">
        <rect width="32" height="32" rx="9" className="fill-primary" />
        <path
          d="M7 18c2.5-3 5-3 7.5 0s5 3 7.5 0 3-2 3-2"
          fill="none"
          strokeWidth="2.4"
          strokeLinecap="round"
          className="stroke-primary-fg"
        />
        <circle cx="16" cy="11" r="2.4" className="fill-accent" />
      </svg>
      {withName ? <span className="text-lg tracking-tight">Sereno</span> : <span className="sr-only">Sereno</span>}
    </span>
  );
}
