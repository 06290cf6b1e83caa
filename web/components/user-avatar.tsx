import { cn } from "#web/lib/cn.ts";

/** The user's initial in a circle (spec 2). */
export function UserAvatar({ name, className }: { name: string; className?: string }) {
  const initial = name.trim().charAt(0).toLocaleUpperCase("pt-BR") || "U";
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-semibold text-primary-fg",
        className,
      )}
    >
      {initial}
    </span>
  );
}
