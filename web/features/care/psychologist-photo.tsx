import { UserRound } from "lucide-react";
import { cn } from "#web/lib/cn.ts";

/**
 * A psychologist's photo, or a neutral placeholder when there is none
 * (docs/decisions/025): a plain silhouette, not initials in the brand colour,
 * so a missing photo reads as 'no photo', never as a different kind of profile.
 */
export function PsychologistPhoto({
  photoUrl,
  size = "md",
  className,
}: {
  photoUrl: string | null;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  const box = { sm: "size-10", md: "size-14", lg: "size-20" }[size];
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        loading="lazy"
        className={cn(box, "shrink-0 rounded-full border border-border object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      data-testid="foto-ausente"
      className={cn(
        box,
        "inline-flex shrink-0 items-center justify-center rounded-full border border-border bg-surface-2 text-muted",
        className,
      )}
    >
      <UserRound className="size-1/2" strokeWidth={1.5} />
    </span>
  );
}
