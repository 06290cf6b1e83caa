/**
 * The anonymous questionnaire: a few items per page (one on narrow screens
 * reads the same, the page just scrolls less), radio groups driven by the
 * keyboard, progress shown, answers kept in this device's local storage
 * until sent, so the person can stop and come back (docs/decisions/026).
 */
import { useEffect, useMemo, useState } from "react";
import type { OpenSurvey } from "#core/schemas/risk-responses.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { useSubmitSurvey } from "./survey.queries.ts";

const PAGE_SIZE = 3;
const storageKey = (id: string) => `sereno-pesquisa-${id}`;

function readSaved(id: string): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(storageKey(id)) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

export function Questionnaire({ survey, onDone }: { survey: OpenSurvey; onDone: () => void }) {
  const items = survey.instrument.items;
  const [answers, setAnswers] = useState<Record<string, number>>(() => readSaved(survey.id));
  const [started, setStarted] = useState(() => Object.keys(readSaved(survey.id)).length > 0);
  const firstOpen = Math.max(
    0,
    items.findIndex((item) => answers[item.id] === undefined),
  );
  const [page, setPage] = useState(() => Math.floor(firstOpen / PAGE_SIZE));
  const submit = useSubmitSurvey(survey.id);
  const pages = Math.ceil(items.length / PAGE_SIZE);
  const shown = useMemo(() => items.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE), [items, page]);
  const answered = items.filter((item) => answers[item.id] !== undefined).length;

  useEffect(() => {
    localStorage.setItem(storageKey(survey.id), JSON.stringify(answers));
  }, [answers, survey.id]);

  if (!started) {
    return (
      <Card className="space-y-4">
        <CardTitle>{survey.title}</CardTitle>
        <p className="whitespace-pre-line">{survey.notice}</p>
        <p className="text-sm text-muted">
          {items.length} perguntas, cerca de 8 minutos. Você pode parar e continuar depois neste aparelho.
        </p>
        <Button onClick={() => setStarted(true)}>Começar</Button>
      </Card>
    );
  }

  const pageComplete = shown.every((item) => answers[item.id] !== undefined);
  const isLast = page === pages - 1;
  const send = () =>
    submit.mutate(answers, {
      onSuccess: () => {
        localStorage.removeItem(storageKey(survey.id));
        onDone();
      },
    });

  return (
    <Card className="space-y-5">
      <div className="space-y-2">
        <p className="text-sm text-muted" aria-live="polite">
          {answered} de {items.length} respondidas
        </p>
        <ProgressBar value={(answered / items.length) * 100} label="Progresso da pesquisa" />
      </div>
      {shown.map((item, index) => {
        const scale = survey.instrument.scales[item.scale];
        const number = page * PAGE_SIZE + index + 1;
        return (
          <fieldset key={item.id} className="space-y-2">
            <legend className="font-medium">
              {number}. {item.text}
              <span className="block text-sm font-normal text-muted">{scale?.label}</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-5">
              {scale?.options.map((option) => (
                <label
                  key={option.value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
                >
                  <input
                    type="radio"
                    name={item.id}
                    value={option.value}
                    checked={answers[item.id] === option.value}
                    onChange={() => setAnswers((current) => ({ ...current, [item.id]: option.value }))}
                    className="size-4 accent-[var(--primary)]"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      {submit.error ? <Alert tone="error">{submit.error.message}</Alert> : null}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={() => setPage(page - 1)} disabled={page === 0}>
          Anterior
        </Button>
        {isLast ? (
          <Button onClick={send} disabled={answered < items.length || submit.isPending}>
            Enviar respostas
          </Button>
        ) : (
          <Button onClick={() => setPage(page + 1)} disabled={!pageComplete}>
            Próxima
          </Button>
        )}
      </div>
      <CardDescription>{survey.instrument.licence.note}</CardDescription>
    </Card>
  );
}
