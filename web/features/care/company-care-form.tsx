import { useEffect, useState } from "react";
import { toast } from "sonner";
import { type CareCycle, careCycleLabels } from "#core/care.ts";
import { countOf, formatSpokenDate } from "#core/format.ts";
import type { CompanyCareRule } from "#core/schemas/care.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Select } from "#web/components/ui/field.tsx";
import { useCompanyCare, useSaveCompanyCare } from "./care.queries.ts";
import { errorText } from "./care-format.ts";

const sessionsPer = (rule: { sessionsPerCycle: number; cycle: CareCycle }) =>
  `${countOf(rule.sessionsPerCycle, "sessão", "sessões")} por ${careCycleLabels[rule.cycle]}`;

/** When a change waits for the end of the cycle in force (docs/decisions/039), the day it starts. */
const startsOn = (from: string) => `${formatSpokenDate(from)} (início do próximo ciclo)`;

function Form({ companyId, settings }: { companyId: string; settings: CompanyCareRule }) {
  // The fields show the last rule the admin chose: the one waiting, if any, else the one in force.
  const chosen = settings.pending ?? settings;
  const [sessions, setSessions] = useState(String(chosen.sessionsPerCycle));
  const [cycle, setCycle] = useState<CareCycle>(chosen.cycle);
  const [consumes, setConsumes] = useState(settings.lateCancelConsumes);
  useEffect(() => {
    const rule = settings.pending ?? settings;
    setSessions(String(rule.sessionsPerCycle));
    setCycle(rule.cycle);
    setConsumes(settings.lateCancelConsumes);
  }, [settings]);
  const save = useSaveCompanyCare(companyId);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { sessionsPerCycle: Number(sessions), cycle, lateCancelConsumes: consumes },
          {
            onSuccess: (saved) =>
              toast.success(
                saved.pending
                  ? `Regras salvas. Sessões e ciclo valem a partir de ${startsOn(saved.pending.from)}; o cancelamento tardio, desde já.`
                  : "Regras salvas.",
              ),
            onError: (error) => toast.error(errorText(error, "Não foi possível salvar.")),
          },
        );
      }}
    >
      <Field id="sessoes" label="Sessões por pessoa" className="w-40">
        <Input
          id="sessoes"
          type="number"
          min={0}
          max={100}
          value={sessions}
          onChange={(e) => setSessions(e.target.value)}
        />
      </Field>
      <Field id="ciclo" label="Por" className="w-40">
        <Select id="ciclo" value={cycle} onChange={(e) => setCycle(e.target.value as CareCycle)}>
          <option value="month">mês</option>
          <option value="quarter">trimestre</option>
          <option value="year">ano</option>
        </Select>
      </Field>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" checked={consumes} onChange={(e) => setConsumes(e.target.checked)} />
        Cancelamento com menos de 24 h desconta a sessão
      </label>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Salvar regras
      </Button>
      {settings.pending ? (
        <p className="w-full text-xs text-muted">
          Hoje {settings.sessionsPerCycle === 1 ? "vale" : "valem"} {sessionsPer(settings)}
          {settings.isPlanDefault ? " (padrão do plano)" : ""}. Novas regras: {sessionsPer(settings.pending)}. Valem a
          partir de {startsOn(settings.pending.from)}.
        </p>
      ) : settings.isPlanDefault ? (
        <p className="w-full text-xs text-muted">Hoje vale o padrão do plano.</p>
      ) : null}
    </form>
  );
}

export function CompanyCareForm({ companyId }: { companyId: string }) {
  const settings = useCompanyCare(companyId);
  return (
    <QueryPanel query={settings} errorMessage="Não foi possível carregar as regras de sessões.">
      {(data) => <Form companyId={companyId} settings={data} />}
    </QueryPanel>
  );
}
