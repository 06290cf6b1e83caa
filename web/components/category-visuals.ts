import { Activity, Brain, Flower2, type LucideIcon, Target, Wind } from "lucide-react";
import type { ExerciseCategory } from "#core/exercises.ts";

export const categoryVisuals: Record<ExerciseCategory, { icon: LucideIcon; tint: string }> = {
  breathing: { icon: Wind, tint: "bg-primary-soft text-primary" },
  meditation: { icon: Brain, tint: "bg-mood-1/15 text-mood-1" },
  movement: { icon: Activity, tint: "bg-mood-4/15 text-mood-4" },
  focus: { icon: Target, tint: "bg-mood-2/15 text-mood-2" },
  "stress-relief": { icon: Flower2, tint: "bg-accent-soft text-accent" },
};
