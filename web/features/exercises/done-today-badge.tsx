import { CircleCheck } from "lucide-react";
import type { Exercise } from "#core/schemas/exercises.ts";
import { Badge } from "#web/components/ui/badge.tsx";

/** 'Feito hoje' on an exercise the person completed on their own day; nothing otherwise. */
export function DoneTodayBadge({ exercise, className }: { exercise: Exercise; className?: string }) {
  if (!exercise.completedToday) return null;
  return (
    <Badge tone="success" className={className}>
      <CircleCheck aria-hidden className="size-3.5" /> Feito hoje
    </Badge>
  );
}
