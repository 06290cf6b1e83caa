/**
 * One PHQ-9 or GAD-7, as the official form reads (docs/decisions/079): its instruction,
 * its items and options word for word, and Pfizer's attribution under it. Checked before
 * sending with the rule the server applies (every item answered, the missing ones named).
 */
import { useState } from "react";
import { missingAnswersMessage } from "#core/messages.ts";
import { careInstruments } from "#core/questionnaires/care-measures.ts";
import { missingItems } from "#core/questionnaires/missing-items.ts";
import { type FrequencyValue, frequencyOptions, pfizerAttribution } from "#core/questionnaires/pfizer-screeners.ts";
import { phq9 } from "#core/questionnaires/phq9.ts";
import type { DueMeasure } from "#core/schemas/care-measures.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { errorText } from "./care-format.ts";
import { useAnswerMeasure } from "./care-measures.queries.ts";

type Answer = FrequencyValue | null;

function Options({
  name,
  legend,
  value,
  labels,
  onChange,
  invalid,
}: {
  name: string;
  legend: string;
  value: Answer;
  labels: readonly string[];
  onChange: (value: FrequencyValue) => void;
  invalid?: boolean;
}) {
  return (
    <fieldset className="space-y-2 rounded-md border border-border p-3" aria-invalid={invalid || undefined}>
      <legend className="px-1 text-sm font-medium leading-snug">{legend}</legend>
      <div className="grid gap-1.5 sm:grid-cols-4">
        {labels.map((label, index) => (
          <label
            key={label}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              name={name}
              value={index}
              checked={value === index}
              onChange={() => onChange(index as FrequencyValue)}
              className="size-4 accent-[var(--color-primary)]"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function MeasureForm({
  due,
  onSent,
  onCancel,
}: {
  due: DueMeasure;
  onSent: (result: { safetyPath: boolean }) => void;
  onCancel: () => void;
}) {
  const instrument = careInstruments[due.instrument];
  const [answers, setAnswers] = useState<Answer[]>(() => instrument.items.map(() => null));
  const [difficulty, setDifficulty] = useState<Answer>(null);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const send = useAnswerMeasure();
  const missing = missingItems(answers, instrument.items.length);
  const labels = frequencyOptions.map((option) => option.label);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (missing.length > 0) {
      setError(missingAnswersMessage(missing));
      return;
    }
    setError(null);
    try {
      const result = await send.mutateAsync({
        psychologistId: due.psychologistId,
        instrument: due.instrument,
        answers,
        ...(due.instrument === "phq9" ? { difficulty } : {}),
      });
      onSent({ safetyPath: result.safetyPath });
    } catch (failure) {
      setError(errorText(failure, "Não foi possível enviar agora. Suas respostas continuam aqui: tente de novo."));
    }
  }

  const titleId = `questionario-${due.instrument}-${due.psychologistId}`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="space-y-4">
      <div className="space-y-1">
        <h3 id={titleId} className="font-semibold">
          {instrument.title}
        </h3>
        <p className="text-sm text-muted">
          Autoavaliação para {due.psychologistName}: não é um diagnóstico. Só você e {due.psychologistName} veem as
          respostas; ninguém da sua empresa.
        </p>
      </div>
      <p className="text-sm font-medium">{instrument.instruction}</p>
      <ol className="space-y-3">
        {instrument.items.map((item, index) => (
          <li key={item}>
            <Options
              name={`${due.instrument}-${index}`}
              legend={`${index + 1}. ${item}`}
              value={answers[index] ?? null}
              labels={labels}
              invalid={tried && answers[index] === null}
              onChange={(value) => setAnswers((current) => current.map((old, at) => (at === index ? value : old)))}
            />
          </li>
        ))}
      </ol>
      {due.instrument === "phq9" ? (
        <Options
          name="phq9-dificuldade"
          legend={`${phq9.difficulty.question} (opcional)`}
          value={difficulty}
          labels={phq9.difficulty.options}
          onChange={setDifficulty}
        />
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending}>
          Enviar respostas
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Responder depois
        </Button>
      </div>
      <p className="text-xs text-muted">{pfizerAttribution}</p>
    </form>
  );
}
