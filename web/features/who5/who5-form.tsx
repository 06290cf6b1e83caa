/**
 * The WHO-5's five items, its instructions and its scale as published
 * (docs/decisions/077): one radio group per item, driven by the keyboard. An
 * incomplete answer names its missing items before anything is sent; the
 * server says the same if it gets one.
 */
import { type FormEvent, type ReactNode, useState } from "react";
import { missingAnswersMessage } from "#core/messages.ts";
import { missingItems } from "#core/questionnaires/missing-items.ts";
import type { Who5Result } from "#core/schemas/who5.ts";
import { WHO5_ITEM_COUNT, who5 } from "#core/who5.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useAnswerWho5 } from "./who5.queries.ts";

export function Who5Form({
  onAnswered,
  extraAction,
}: {
  onAnswered: (result: Who5Result, message: string) => void;
  extraAction?: ReactNode;
}) {
  const [answers, setAnswers] = useState<(number | null)[]>(() => Array(WHO5_ITEM_COUNT).fill(null));
  const [error, setError] = useState<string | null>(null);
  const answer = useAnswerWho5();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing = missingItems(answers, WHO5_ITEM_COUNT);
    if (missing.length > 0) {
      setError(missingAnswersMessage(missing));
      return;
    }
    setError(null);
    try {
      const { result, message } = await answer.mutateAsync(answers);
      onAnswered(result, message);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status < 500 && !caught.isNetwork
          ? caught.message
          : "Não foi possível enviar suas respostas. Tente novamente.",
      );
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm leading-relaxed">{who5.instructions}</p>
      <p className="font-medium">{who5.stem}</p>
      {who5.items.map((item, index) => (
        <fieldset key={item} className="space-y-2">
          <legend className="font-medium">
            {index + 1}. {item}
          </legend>
          <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6">
            {who5.scale.map((step) => (
              <label
                key={step.value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              >
                <input
                  type="radio"
                  name={`who5-${index + 1}`}
                  value={step.value}
                  checked={answers[index] === step.value}
                  onChange={() => {
                    setAnswers((current) => current.map((value, at) => (at === index ? step.value : value)));
                    setError(null);
                  }}
                  className="size-4 shrink-0 accent-[var(--primary)]"
                />
                <span>
                  {step.label} <span className="text-muted">({step.value})</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={answer.isPending}>
          Enviar respostas
        </Button>
        {extraAction}
      </div>
      <p className="text-xs text-muted">{who5.attribution}</p>
    </form>
  );
}
