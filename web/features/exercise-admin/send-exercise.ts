/**
 * POST /api/admin/exercises as ONE multipart request, over XMLHttpRequest
 * because fetch cannot report upload progress. The text fields go first
 * (the server validates them before storing a byte), then 'media', then the
 * optional 'thumbnail'. Errors come back as ApiError, like lib/api.ts.
 */

import { adminMessages } from "#core/admin-messages.ts";
import { messages } from "#core/messages.ts";
import type { ExerciseForm } from "#core/schemas/exercise-admin.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { ApiError, apiErrorOf } from "#web/lib/api.ts";
import { startPercent, uploadPercent } from "./upload-progress.ts";

type ExerciseFiles = { media: File | null; thumbnail: File | null };

export type SendExerciseInput = {
  values: ExerciseForm;
  files: ExerciseFiles;
  /** Called with spec 4's percent (25 … 90 while sending, 100 on success), never going back. */
  onProgress: (percent: number) => void;
};

/** The multipart body in the order the server reads it. */
function exerciseFormData(values: ExerciseForm, files: ExerciseFiles): FormData {
  const isLink = values.mediaType === "link";
  const body = new FormData();
  body.append("title", values.title);
  body.append("category", values.category);
  body.append("description", values.description);
  body.append("duration", values.duration);
  body.append("mediaType", values.mediaType);
  body.append("mediaUrl", isLink ? values.mediaUrl : "");
  body.append("requiredLevel", String(values.requiredLevel));
  body.append("xpReward", String(values.xpReward));
  if (!isLink && files.media) body.append("media", files.media);
  if (files.thumbnail) body.append("thumbnail", files.thumbnail);
  return body;
}

export function sendExercise({ values, files, onProgress }: SendExerciseInput): Promise<Exercise> {
  const sizes = {
    media: values.mediaType !== "link" && files.media ? files.media.size : 0,
    thumbnail: files.thumbnail?.size ?? 0,
  };
  let shown = 0;
  const report = (percent: number) => {
    const next = Math.floor(percent);
    if (next <= shown) return;
    shown = next;
    onProgress(next);
  };

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/exercises");
    // Same origin: the session cookie goes along without withCredentials.
    xhr.setRequestHeader("accept", "application/json");
    xhr.responseType = "text";
    // Upload listeners must be attached before send(), or the browser never reports progress.
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) report(uploadPercent(event.loaded, event.total, sizes));
    });
    xhr.upload.addEventListener("load", () => report(90));
    xhr.addEventListener("load", () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        report(100);
        resolve(body as Exercise);
        return;
      }
      reject(toApiError(xhr.status, body));
    });
    xhr.addEventListener("error", () => reject(new ApiError(0, "NETWORK", messages.networkError)));
    xhr.addEventListener("timeout", () => reject(new ApiError(0, "NETWORK", messages.networkError)));
    xhr.addEventListener("abort", () => reject(new DOMException("Envio cancelado", "AbortError")));
    report(startPercent(sizes));
    xhr.send(exerciseFormData(values, files));
  });
}

function toApiError(status: number, body: unknown): ApiError {
  // A 5xx other than 'storage unavailable' carries a generic text; the spec's fallback says more.
  return apiErrorOf(
    status,
    body,
    (error) => (status >= 500 && status !== 503 ? undefined : error?.message) ?? adminMessages.exerciseCreateFailed,
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
