import { Cloud, CloudLightning, CloudRain, CloudSun, type LucideIcon, Sun } from "lucide-react";
import type { Mood } from "#core/mood.ts";

/**
 * Each mood's icon and colour tokens: never colour alone (LOOK 'Visual'). The
 * icons are weather, from storm to sun, so each mood has its own silhouette
 * even small (two faces that differ only by the mouth read alike at 20 px).
 */
export const moodVisuals: Record<Mood, { icon: LucideIcon; text: string; bg: string; border: string }> = {
  1: { icon: CloudLightning, text: "text-mood-1", bg: "bg-mood-1", border: "border-mood-1" },
  2: { icon: CloudRain, text: "text-mood-2", bg: "bg-mood-2", border: "border-mood-2" },
  3: { icon: Cloud, text: "text-mood-3", bg: "bg-mood-3", border: "border-mood-3" },
  4: { icon: CloudSun, text: "text-mood-4", bg: "bg-mood-4", border: "border-mood-4" },
  5: { icon: Sun, text: "text-mood-5", bg: "bg-mood-5", border: "border-mood-5" },
};
