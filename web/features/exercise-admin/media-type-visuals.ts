import { FileText, Headphones, Link, type LucideIcon, Video } from "lucide-react";
import type { MediaType } from "#core/exercises.ts";

export const mediaTypeIcons: Record<MediaType, LucideIcon> = {
  link: Link,
  video: Video,
  audio: Headphones,
  pdf: FileText,
};
