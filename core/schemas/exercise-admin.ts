import { z } from "zod";
import { adminMessages } from "../admin-messages.ts";
import { DEFAULT_XP_REWARD, exerciseCategories, MAX_LEVEL, MIN_LEVEL, mediaTypes } from "../exercises.ts";
import { plainMultilineText, plainText } from "../text.ts";

const required = (message: string, max = 200) => plainText(message).trim().min(1, message).max(max, message);

/**
 * The 'Criar Novo Exercício' form (spec 5). The same schema checks the
 * multipart fields on the server (all strings there, hence the coercion)
 * and the form on the web. Files are checked separately (type by content).
 */
export const exerciseFormSchema = z
  .object({
    title: required(adminMessages.titleRequired, 150),
    category: z.enum(exerciseCategories, { error: adminMessages.categoryRequired }),
    description: plainMultilineText()
      .trim()
      .min(1, adminMessages.descriptionRequired)
      .max(2000, adminMessages.descriptionRequired),
    duration: required(adminMessages.durationRequired, 40),
    mediaType: z.enum(mediaTypes).default("link"),
    mediaUrl: plainText().trim().max(2000).optional().default(""),
    requiredLevel: z.coerce
      .number({ error: adminMessages.levelRange })
      .int(adminMessages.levelRange)
      .min(MIN_LEVEL, adminMessages.levelRange)
      .max(MAX_LEVEL, adminMessages.levelRange)
      .default(MIN_LEVEL),
    xpReward: z.coerce
      .number({ error: adminMessages.xpMinimum })
      .int(adminMessages.xpMinimum)
      .min(1, adminMessages.xpMinimum)
      .default(DEFAULT_XP_REWARD),
  })
  .strict()
  // `when`: check the link even while other fields are wrong, so a form lists every problem at once.
  .refine((value) => !isLinkWithout(value, (url) => url.length > 0), {
    path: ["mediaUrl"],
    message: adminMessages.mediaUrlRequired,
    when: isObjectPayload,
  })
  .refine((value) => !isLinkWithout(value, (url) => url.length === 0 || isHttpUrl(url)), {
    path: ["mediaUrl"],
    message: adminMessages.mediaUrlInvalid,
    when: isObjectPayload,
  });

function isObjectPayload(payload: { value: unknown }): boolean {
  return typeof payload.value === "object" && payload.value !== null;
}

/** True when the media type is link (the default) and the URL fails `ok`. */
function isLinkWithout(value: { mediaType?: string; mediaUrl?: string }, ok: (url: string) => boolean): boolean {
  return (value.mediaType ?? "link") === "link" && !ok(String(value.mediaUrl ?? "").trim());
}

export type ExerciseFormInput = z.input<typeof exerciseFormSchema>;
export type ExerciseForm = z.output<typeof exerciseFormSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** What the file picker accepts for each media type (spec 5). */
export const acceptByMediaType: Record<(typeof mediaTypes)[number], string | null> = {
  link: null,
  video: "video/*",
  audio: "audio/*",
  pdf: "application/pdf,.pdf",
};

export const storageStatusSchema = z.object({
  bucket: z.string(),
  backend: z.enum(["disk", "s3"]),
  configured: z.boolean(),
});
export type StorageStatus = z.infer<typeof storageStatusSchema>;

export const DEFAULT_THUMBNAIL = "/images/exercise-default.svg";
