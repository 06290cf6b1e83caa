/**
 * The dossier's two forms (docs/decisions/094): a goal on a released figure with its review dates
 * (art. 3, III, c) and a 'Você falou, fizemos' notice to every member (III, a).
 */
import { useState } from "react";
import { goalMetricIds, goalMetrics, reviewIntervals } from "#core/dossier.ts";
import { DateField } from "#web/components/date-field.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDossierWrite } from "./dossier.queries.ts";

export function GoalForm({ companyId }: { companyId: string | null }) {
  const write = useDossierWrite(companyId);
  const [metric, setMetric] = useState<string>(goalMetricIds[0]);
  const [target, setTarget] = useState("");
  const [firstReviewOn, setFirstReviewOn] = useState("");
  const [every, setEvery] = useState("3");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { metric, target, firstReviewOn, reviewEveryMonths: Number(every) };
      toast.success((await write.mutateAsync({ path: "/api/dossier/goals", body })).message);
      setTarget("");
      setFirstReviewOn("");
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Card>
      <CardTitle className="text-base">Nova meta</CardTitle>
      <CardDescription>Escolha um número de Resultados ou do NR-1 e quando a meta será revista.</CardDescription>
      <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field id="goal-metric" label="Indicador">
          <Select id="goal-metric" value={metric} onChange={(e) => setMetric(e.target.value)}>
            {goalMetricIds.map((id) => (
              <option key={id} value={id}>
                {goalMetrics[id].label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="goal-target" label="Meta">
          <Input
            id="goal-target"
            value={target}
            placeholder="Ex.: 60% de pessoas ativas até junho"
            onChange={(e) => setTarget(e.target.value)}
          />
        </Field>
        <DateField
          id="goal-first-review"
          label="Primeira revisão"
          value={firstReviewOn}
          onChange={setFirstReviewOn}
          required
        />
        <Field id="goal-every" label="Revisar a cada">
          <Select id="goal-every" value={every} onChange={(e) => setEvery(e.target.value)}>
            {reviewIntervals.map((months) => (
              <option key={months} value={months}>
                {months} meses
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={write.isPending}>
          Salvar meta
        </Button>
      </form>
    </Card>
  );
}

export function GoalReviewForm({ companyId, goalId }: { companyId: string | null; goalId: string }) {
  const write = useDossierWrite(companyId);
  const [reviewedOn, setReviewedOn] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const path = `/api/dossier/goals/${goalId}/reviews`;
      toast.success((await write.mutateAsync({ path, body: { reviewedOn, note } })).message);
      setReviewedOn("");
      setNote("");
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <DateField id={`review-${goalId}-day`} label="Dia da revisão" value={reviewedOn} onChange={setReviewedOn} />
      <Field id={`review-${goalId}-note`} label="O que a revisão concluiu">
        <Textarea id={`review-${goalId}-note`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <Button type="submit" size="sm" variant="secondary" disabled={write.isPending}>
        Registrar revisão
      </Button>
    </form>
  );
}

export function NoticeForm({ companyId }: { companyId: string | null }) {
  const write = useDossierWrite(companyId);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      toast.success((await write.mutateAsync({ path: "/api/dossier/notices", body: { title, body } })).message);
      setTitle("");
      setBody("");
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Card>
      <CardTitle className="text-base">Você falou, fizemos</CardTitle>
      <CardDescription>Um aviso curto para todas as pessoas da empresa, guardado com a data.</CardDescription>
      <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field id="notice-title" label="Título do aviso">
          <Input id="notice-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Field id="notice-body" label="Aviso">
          <Textarea id="notice-body" rows={4} value={body} onChange={(e) => setBody(e.target.value)} />
        </Field>
        <Button type="submit" disabled={write.isPending}>
          Publicar aviso
        </Button>
      </form>
    </Card>
  );
}
