import { z } from "zod";

export const contentTypes = ["video", "course", "article"] as const;

const localeText = z.record(z.string(), z.string());

const contentItemSchema = z.object({
  id: z.string(),
  title: localeText,
  description: localeText,
  contentType: z.enum(contentTypes),
  pointsRequired: z.number().int(),
  duration: z.string(),
  thumbnail: z.string().nullable(),
  unlocked: z.boolean(),
  pointsMissing: z.number().int(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentListSchema = z.object({ items: z.array(contentItemSchema) });
export type ContentList = z.infer<typeof contentListSchema>;

export const contentDetailSchema = contentItemSchema.extend({ body: z.string() });
export type ContentDetail = z.infer<typeof contentDetailSchema>;
