import { useState } from "react";
import { toast } from "sonner";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { useGiveFeedback } from "./group-sessions.queries.ts";

const ratingLabels = ["Não gostei", "Poderia ser melhor", "Razoável", "Bom", "Excelente"];

/** The short anonymous feedback after a session: 1–5 and an optional comment (docs/decisions/024). */
export function FeedbackForm({ sessionId }: { sessionId: string }) {
  const give = useGiveFeedback(sessionId);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setError("Escolha uma nota de 1 a 5.");
      return;
    }
    try {
      const result = await give.mutateAsync({ rating, comment: comment.trim() || undefined });
      toast.success(result.message);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : "Não foi possível enviar. Tente novamente.",
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-border bg-surface-2 p-4">
      <fieldset className="space-y-2">
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
                name={`nota-${sessionId}`}
                value={index + 1}
                aria-label={`${index + 1}: ${label}`}
                checked={rating === index + 1}
                onChange={() => {
                  setRating(index + 1);
                  setError(null);
                }}
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
      </fieldset>
      <Field
        id={`comentario-${sessionId}`}
        label="Comentário (opcional)"
        hint="A empresa só lê comentários quando 10 pessoas ou mais avaliaram."
      >
        <Textarea
          id={`comentario-${sessionId}`}
          maxLength={500}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </Field>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={give.isPending}>
        Enviar avaliação
      </Button>
    </form>
  );
}
