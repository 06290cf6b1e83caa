import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { CareCycle } from "#core/care.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input, Select } from "#web/components/ui/field.tsx";
import { type CompanyCareSettings, useCompanyCare, useSaveCompanyCare } from "./care.queries.ts";
import { errorText } from "./care-format.ts";

function Form({ companyId, settings }: { companyId: string; settings: CompanyCareSettings }) {
  const [sessions, setSessions] = useState(String(settings.sessionsPerCycle));
  const [cycle, setCycle] = useState<CareCycle>(settings.cycle);
  const [consumes, setConsumes] = useState(settings.lateCancelConsumes);
  useEffect(() => {
    setSessions(String(settings.sessionsPerCycle));
    setCycle(settings.cycle);
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
            onSuccess: () => toast.success("Regras salvas. Valem a partir do próximo ciclo."),
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
      {settings.isPlanDefault ? <p className="w-full text-xs text-muted">Hoje vale o padrão do plano.</p> : null}
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
