import { CloudRain, Frown, Laugh, type LucideIcon, Meh, Smile } from "lucide-react";
import type { Mood } from "#core/mood.ts";

/** Each mood's icon and colour tokens: never colour alone (LOOK 'Visual'). */
export const moodVisuals: Record<Mood, { icon: LucideIcon; text: string; bg: string; border: string }> = {
  1: { icon: CloudRain, text: "text-mood-1", bg: "bg-mood-1", border: "border-mood-1" },
  2: { icon: Frown, text: "text-mood-2", bg: "bg-mood-2", border: "border-mood-2" },
  3: { icon: Meh, text: "text-mood-3", bg: "bg-mood-3", border: "border-mood-3" },
  4: { icon: Smile, text: "text-mood-4", bg: "bg-mood-4", border: "border-mood-4" },
  5: { icon: Laugh, text: "text-mood-5", bg: "bg-mood-5", border: "border-mood-5" },
};
