import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { type FeedbackInput, feedbackInputSchema } from "#core/schemas/group-sessions.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useGiveFeedback } from "./group-sessions.queries.ts";

const ratingLabels = ["Não gostei", "Poderia ser melhor", "Razoável", "Bom", "Excelente"];

/** The radios give the chosen note as text, or null before one is chosen. */
type FeedbackValues = { rating: string | null; comment: string };

// No note chosen reads as 0, which the shared schema refuses with its message; an empty comment is none.
const feedbackFormSchema = z
  .custom<FeedbackValues>()
  .transform(
    (values): FeedbackInput => ({ rating: Number(values.rating), comment: values.comment.trim() || undefined }),
  )
  .pipe(feedbackInputSchema);

/** The short anonymous feedback after a session: 1–5 and an optional comment (docs/decisions/024). */
export function FeedbackForm({ sessionId }: { sessionId: string }) {
  const give = useGiveFeedback(sessionId);
  const form = useForm<FeedbackValues, unknown, FeedbackInput>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: { rating: null, comment: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const ratingError = errors.rating?.message;
  const commentId = `comentario-${sessionId}`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await give.mutateAsync(values);
      toast.success(result.message);
    } catch (caught) {
      form.setError("root", {
        message:
          caught instanceof ApiError && caught.status < 500
            ? caught.message
            : "Não foi possível enviar. Tente novamente.",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-border bg-surface-2 p-4">
      <fieldset className="space-y-2" aria-describedby={ratingError ? `nota-${sessionId}-error` : undefined}>
        <legend className="text-sm font-medium">Como foi o encontro? (anônimo)</legend>
        <div className="grid grid-cols-5 gap-2">
          {ratingLabels.map((label, index) => (
            <label
              key={label}
              title={label}
              className={cn(
                "relative flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-border bg-surface text-sm font-medium",
                "hover:bg-surface-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              )}
            >
              <input
                type="radio"
                value={index + 1}
                aria-label={`${index + 1}: ${label}`}
                aria-invalid={ratingError ? true : undefined}
                {...form.register("rating")}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
              />
              {index + 1}
            </label>
          ))}
        </div>
        <p className="flex justify-between text-xs text-muted">
          <span>1 · {ratingLabels[0]}</span>
          <span>5 · {ratingLabels[4]}</span>
        </p>
        {ratingError ? (
          <p id={`nota-${sessionId}-error`} role="alert" className="text-sm text-danger">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <Field
        id={commentId}
        label="Comentário (opcional)"
        hint="A empresa só lê comentários quando 10 pessoas ou mais avaliaram."
        error={errors.comment?.message}
      >
        <Textarea
          {...describedBy(commentId, errors.comment?.message, true)}
          maxLength={500}
          {...form.register("comment")}
        />
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting}>
        Enviar avaliação
      </Button>
    </form>
  );
}
