import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { type CareCycle, careCycleLabels } from "#core/care.ts";
import { countOf, formatSpokenDate } from "#core/format.ts";
import { type CareSettingsInput, type CompanyCareRule, careSettingsInputSchema } from "#core/schemas/care.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Select } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useCompanyCare, useSaveCompanyCare } from "./care.queries.ts";
import { errorText } from "./care-format.ts";

const sessionsPer = (rule: { sessionsPerCycle: number; cycle: CareCycle }) =>
  `${countOf(rule.sessionsPerCycle, "sessão", "sessões")} por ${careCycleLabels[rule.cycle]}`;

/** When a change waits for the end of the cycle in force (docs/decisions/039), the day it starts. */
const startsOn = (from: string) => `${formatSpokenDate(from)} (início do próximo ciclo)`;

/** The fields show the last rule the admin chose: the one waiting, if any, else the one in force. */
function valuesOf(settings: CompanyCareRule): CareSettingsInput {
  const chosen = settings.pending ?? settings;
  return {
    sessionsPerCycle: chosen.sessionsPerCycle,
    cycle: chosen.cycle,
    lateCancelConsumes: settings.lateCancelConsumes,
  };
}

function Form({ companyId, settings }: { companyId: string; settings: CompanyCareRule }) {
  const save = useSaveCompanyCare(companyId);
  const form = useForm<CareSettingsInput>({
    resolver: zodResolver(careSettingsInputSchema),
    defaultValues: valuesOf(settings),
  });
  const { errors, isSubmitting } = form.formState;
  // Another company chosen, or the rules saved: the fields show what holds now.
  useEffect(() => form.reset(valuesOf(settings)), [form, settings]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast.success(
        saved.pending
          ? `Regras salvas. Sessões e ciclo valem a partir de ${startsOn(saved.pending.from)}; o cancelamento tardio, desde já.`
          : "Regras salvas.",
      );
    } catch (error) {
      toast.error(errorText(error, "Não foi possível salvar."));
    }
  });

  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit} noValidate>
      <Field id="sessoes" label="Sessões por pessoa" error={errors.sessionsPerCycle?.message} className="w-40">
        <Input
          {...describedBy("sessoes", errors.sessionsPerCycle?.message)}
          type="number"
          min={0}
          max={100}
          {...form.register("sessionsPerCycle", { setValueAs: Number })}
        />
      </Field>
      <Field id="ciclo" label="Por" error={errors.cycle?.message} className="w-40">
        <Select {...describedBy("ciclo", errors.cycle?.message)} {...form.register("cycle")}>
          <option value="month">mês</option>
          <option value="quarter">trimestre</option>
          <option value="year">ano</option>
        </Select>
      </Field>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...form.register("lateCancelConsumes")} />
        Cancelamento com menos de 24 h desconta a sessão
      </label>
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
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
