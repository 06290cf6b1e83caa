/** The create form's starting values and its validation (the shared schema, with one addition). */
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { DEFAULT_XP_REWARD, MIN_LEVEL } from "#core/exercises.ts";
import { messages } from "#core/messages.ts";
import {
  type ExerciseForm,
  type ExerciseFormInput,
  exerciseFormSchema,
  isHttpUrl,
} from "#core/schemas/exercise-admin.ts";

export const exerciseFormDefaults: ExerciseFormInput = {
  title: "",
  // The select starts on 'Selecione...' (value ''), which the schema refuses with the spec's message.
  category: "" as ExerciseFormInput["category"],
  description: "",
  duration: "",
  mediaType: "link",
  mediaUrl: "",
  requiredLevel: MIN_LEVEL,
  xpReward: DEFAULT_XP_REWARD,
};

const schemaResolver = zodResolver(exerciseFormSchema);

/**
 * The schema, plus the link's URL message even when other fields fail too:
 * zod skips the schema's URL refinement until the rest is valid, and the
 * form should list every problem at once.
 */
export const exerciseFormResolver: Resolver<ExerciseFormInput, unknown, ExerciseForm> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0 || result.errors.mediaUrl || values.mediaType !== "link") return result;
  const url = values.mediaUrl?.trim() ?? "";
  const message = !url ? messages.mediaUrlRequired : isHttpUrl(url) ? null : messages.mediaUrlInvalid;
  if (!message) return result;
  return { values: {}, errors: { ...result.errors, mediaUrl: { type: "custom", message } } };
};
