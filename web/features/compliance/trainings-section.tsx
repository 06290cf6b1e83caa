/**
 * Trainings on /conformidade (Lei 14.457 art. 23, IV; docs/decisions/090): each level's last training,
 * flagged past 12 months, a form to record one, and each training's attendance list imported from a
 * CSV of matrículas. Unknown matrículas are listed and nothing is imported until the person confirms.
 */
import { GraduationCap, Upload } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { trainingLevelIds, trainingLevels } from "#core/compliance.ts";
import { formatDayPtBR } from "#core/format.ts";
import type { HarassmentFile } from "#core/schemas/compliance.ts";
import { DateField } from "#web/components/date-field.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useComplianceWrite } from "./compliance.queries.ts";

// The QR code (uqr) loads only when a training of today is on screen.
const TrainingQr = lazy(() => import("./training-qr.tsx").then((module) => ({ default: module.TrainingQr })));

type Training = HarassmentFile["trainings"][number];

export function LevelStatuses({ levels }: { levels: HarassmentFile["levels"] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Treinamento por nível hierárquico">
      {levels.map((level) => (
        <li key={level.level} className="rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <strong>{level.label}</strong>
            {level.overdue ? (
              <Badge tone="danger">Vencido: mais de 12 meses</Badge>
            ) : (
              <Badge tone="success">Em dia</Badge>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">
            {level.lastTrainedOn
              ? `Último treinamento em ${formatDayPtBR(level.lastTrainedOn)}`
              : "Nenhum treinamento com presença registrada"}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function NewTraining({ companyId }: { companyId: string | null }) {
  const write = useComplianceWrite(companyId);
  const [title, setTitle] = useState("");
  const [heldOn, setHeldOn] = useState("");
  const [duration, setDuration] = useState("60");
  const [levels, setLevels] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const toggle = (level: string) =>
    setLevels((current) => (current.includes(level) ? current.filter((l) => l !== level) : [...current, level]));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { title, heldOn, durationMinutes: Number(duration), levels };
      toast.success((await write.mutateAsync({ path: "/api/compliance/trainings", body })).message);
      setTitle("");
      setHeldOn("");
      setLevels([]);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <Card>
      <CardTitle className="text-base">Registrar treinamento</CardTitle>
      <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field id="training-title" label="Título">
          <Input id="training-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
        </Field>
        <DateField id="training-date" label="Data" value={heldOn} onChange={setHeldOn} required />
        <Field id="training-duration" label="Duração (minutos)">
          <Input
            id="training-duration"
            type="number"
            min={15}
            max={1440}
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
          />
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Níveis que o treinamento cobre</legend>
          {trainingLevelIds.map((level) => (
            <label key={level} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={levels.includes(level)}
                onChange={() => toggle(level)}
              />
              {trainingLevels[level]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={write.isPending}>
          Salvar treinamento
        </Button>
      </form>
    </Card>
  );
}

export function TrainingList({ trainings, companyId }: { trainings: Training[]; companyId: string | null }) {
  if (trainings.length === 0) return <EmptyState icon={GraduationCap} title="Nenhum treinamento registrado" />;
  return (
    <ul className="space-y-3">
      {trainings.map((training) => (
        <li key={training.id}>
          <Card>
            <CardTitle className="text-base">{training.title}</CardTitle>
            <CardDescription>
              {formatDayPtBR(training.heldOn)} · {training.durationMinutes} min ·{" "}
              {training.levels.map((l) => trainingLevels[l]).join(" e ")} ·{" "}
              {training.attendees === 1 ? "1 presente" : `${training.attendees} presentes`}
            </CardDescription>
            <AttendanceImport training={training} companyId={companyId} />
            {training.code ? (
              <Suspense fallback={null}>
                <TrainingQr code={training.code} />
              </Suspense>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

function AttendanceImport({ training, companyId }: { training: Training; companyId: string | null }) {
  const write = useComplianceWrite(companyId);
  const [pending, setPending] = useState<{ csv: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = `attendance-${training.id}`;

  const send = async (csv: string, confirmUnknown: boolean) => {
    setError(null);
    try {
      const path = `/api/compliance/trainings/${training.id}/attendance`;
      const reply = await write.mutateAsync({ path, body: { csv, confirmUnknown } });
      setPending(null);
      toast.success(reply.message);
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        failure.code === "UNKNOWN_MATRICULAS" &&
        !confirmUnknown &&
        failure.status === 422
      )
        setPending({ csv, message: failure.message });
      else setError((failure as Error).message);
    }
  };

  return (
    <div className="mt-3 space-y-2">
      <label
        htmlFor={id}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-primary"
      >
        <Upload aria-hidden className="size-4" /> Importar lista de presença (CSV de matrículas)
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="sr-only"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) await send(await file.text(), false);
        }}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {pending ? (
        <Alert tone="warning">
          <p>{pending.message}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" onClick={() => send(pending.csv, true)} disabled={write.isPending}>
              Importar as demais
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPending(null)}>
              Cancelar
            </Button>
          </div>
        </Alert>
      ) : null}
    </div>
  );
}
