import { BookOpen, GraduationCap, type LucideIcon, ScrollText } from "lucide-react";
import type { ContentItem } from "#core/schemas/content.ts";

/**
 * How each content type presents itself. 'video' items have no video yet, only
 * the script to follow: they say so (docs/decisions/020).
 */
export const contentTypeVisuals: Record<
  ContentItem["contentType"],
  { label: string; icon: LucideIcon; tint: string; action: string }
> = {
  article: { label: "Artigo", icon: BookOpen, tint: "bg-primary-soft text-primary", action: "Ler" },
  course: { label: "Curso", icon: GraduationCap, tint: "bg-accent-soft text-accent", action: "Abrir curso" },
  video: { label: "Roteiro guiado", icon: ScrollText, tint: "bg-mood-1/15 text-mood-1", action: "Ler o roteiro" },
};
