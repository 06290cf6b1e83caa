/** The create form's starting values and its validation (the shared schema). */
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { DEFAULT_XP_REWARD, MIN_LEVEL } from "#core/exercises.ts";
import { type ExerciseForm, type ExerciseFormInput, exerciseFormSchema } from "#core/schemas/exercise-admin.ts";

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

/** The shared schema is the form's only rule (it reports the link URL even while other fields fail). */
export const exerciseFormResolver: Resolver<ExerciseFormInput, unknown, ExerciseForm> = zodResolver(exerciseFormSchema);
