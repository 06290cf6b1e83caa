import { BookOpen, CirclePlay, GraduationCap, type LucideIcon } from "lucide-react";
import type { ContentItem } from "#core/schemas/content.ts";

export const contentTypeVisuals: Record<
  ContentItem["contentType"],
  { label: string; icon: LucideIcon; action: string }
> = {
  article: { label: "Artigo", icon: BookOpen, action: "Ler" },
  course: { label: "Curso", icon: GraduationCap, action: "Abrir curso" },
  video: { label: "Vídeo", icon: CirclePlay, action: "Ver roteiro" },
};
