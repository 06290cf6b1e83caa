/**
 * A refusal from the server, shown where the form's own checks show theirs
 * (docs/decisions/038): next to the field it names, or as the form's own
 * error when it names none of them. Every react-hook-form form calls it from
 * its catch; edit here if the error body learns to name more than one field.
 */
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "#web/lib/api.ts";

export function showServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "getValues" | "setError">,
  error: unknown,
  message: string,
): void {
  const field = error instanceof ApiError ? error.field : undefined;
  if (field && form.getValues(field as Path<T>) !== undefined) {
    form.setError(field as Path<T>, { message }, { shouldFocus: true });
  } else {
    form.setError("root", { message });
  }
}

/**
 * The message of a field whose value the schema checks item by item (a list
 * typed as one text, 'TCC, Psicanálise'): zod names the item, the person sees
 * one field.
 */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string") return error.message;
  for (const [key, inner] of Object.entries(error)) {
    // `ref` is the input itself, not another error.
    const message = key === "ref" ? undefined : firstMessage(inner);
    if (message) return message;
  }
  return undefined;
}
