import { zodResolver } from "@hookform/resolvers/zod";
import { ClipboardList } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { actionPriority, formatIsoDay, hazardName, hazards, instruments, isActionOverdue } from "#core/risks.ts";
import type { Action, RiskOverview } from "#core/schemas/risk-responses.ts";
import { actionInputSchema } from "#core/schemas/risks.ts";
import { DateField } from "#web/components/date-field.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { todayInBrowser } from "#web/lib/date-text.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { EditActionDimensions } from "./action-dimensions.tsx";
import { ActionEffectPanel } from "./action-effect.tsx";
import { FileList, FileUpload } from "./evidence-files.tsx";
import { useRiskWrite } from "./risks.queries.ts";

const statusLabels = {
  planejada: "Planejada",
  em_andamento: "Em andamento",
  concluida: "Concluída",
  cancelada: "Cancelada",
};

export function PlanTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const today = todayInBrowser();
  const latestLines = data.inventories.flatMap((v) => v.content.lines);
  const priorityOf = (action: Action) => {
    const line = latestLines.find((l) => l.sectorId === action.sectorId && l.hazard === action.hazard);
    return actionPriority(line?.levelIndex ?? 0, line?.exposed ?? 0);
  };
  const isOverdue = (action: Action) => isActionOverdue(action, today);
  // Overdue first, then by priority (level × workers exposed), then by due date.
  const actions = [...data.actions].sort(
    (a, b) =>
      Number(isOverdue(b)) - Number(isOverdue(a)) || priorityOf(b) - priorityOf(a) || a.dueOn.localeCompare(b.dueOn),
  );

  const update = (action: Action, changes: Partial<Action>) => {
    const { id, establishmentId: _, evidenceFiles: __, ...fields } = { ...action, ...changes };
    write.mutate(
      { path: `/api/risks/actions/${id}`, method: "PATCH", body: fields },
      { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="space-y-4">
        {actions.length === 0 ? (
          <EmptyState icon={ClipboardList} title="Nenhuma ação no plano">
            Cadastre medidas para as linhas do inventário, começando pelas organizacionais.
          </EmptyState>
        ) : (
          actions.map((action) => {
            const overdue = isOverdue(action);
            return (
              <Card key={action.id} className={overdue ? "border-danger" : ""}>
                <div className="flex flex-wrap items-center gap-2">
                  <CardTitle className="text-base">{action.title}</CardTitle>
                  {overdue ? <Badge tone="danger">Atrasada</Badge> : null}
                  <Badge tone="neutral">Prioridade {priorityOf(action)}</Badge>
                </div>
                <p className="text-sm text-muted">
                  {data.sectors.find((s) => s.id === action.sectorId)?.name} – {hazardName(action.hazard)} ·{" "}
                  {action.hierarchy} · {action.owner} · prazo {formatIsoDay(action.dueOn)}
                </p>
                <p className="mt-1 text-sm">Acompanhamento: {action.followUp || "—"}</p>
                <p className="text-sm">Aferição: {action.measurement || "—"}</p>
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  <Field id={`status-${action.id}`} label="Situação">
                    <Select
                      id={`status-${action.id}`}
                      value={action.status}
                      onChange={(e) => update(action, { status: e.target.value as Action["status"] })}
                    >
                      {Object.entries(statusLabels).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field id={`eff-${action.id}`} label="Eficácia">
                    <Input
                      id={`eff-${action.id}`}
                      defaultValue={action.effectiveness}
                      onBlur={(e) =>
                        e.target.value !== action.effectiveness && update(action, { effectiveness: e.target.value })
                      }
                    />
                  </Field>
                </div>
                {action.dimensions.length ? <ActionEffectPanel action={action} companyId={companyId} /> : null}
                <div className="mt-2">
                  <EditActionDimensions action={action} companyId={companyId} />
                </div>
                <FileList
                  files={action.evidenceFiles}
                  removePath={`/api/risks/actions/${action.id}/files`}
                  companyId={companyId}
                />
                <div className="mt-2">
                  <FileUpload
                    id={`evidence-${action.id}`}
                    label="Anexar evidência (PDF ou imagem)"
                    path={`/api/risks/actions/${action.id}/files`}
                    companyId={companyId}
                  />
                </div>
              </Card>
            );
          })
        )}
      </div>
      {data.sectors.length ? <NewAction data={data} companyId={companyId} /> : null}
    </div>
  );
}

function NewAction({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const form = useForm<z.input<typeof actionInputSchema>>({
    resolver: zodResolver(actionInputSchema),
    defaultValues: {
      title: "",
      sectorId: data.sectors[0]?.id ?? "",
      hazard: hazards[0].id,
      hierarchy: "organizacional",
      owner: "",
      dueOn: "",
      followUp: "",
      measurement: "",
      // Not fields here: a new action starts planned, its effectiveness told later on its card.
      status: "planejada",
      effectiveness: "",
      dimensions: [],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      toast.success((await write.mutateAsync({ path: "/api/risks/actions", body })).message);
      form.reset();
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });

  return (
    <Card>
      <CardTitle className="text-base">Nova ação</CardTitle>
      <form className="mt-3 space-y-3" onSubmit={onSubmit} noValidate>
        <Field id="ac-title" label="Medida" error={errors.title?.message}>
          <Input
            {...describedBy("ac-title", errors.title?.message)}
            required
            maxLength={120}
            {...form.register("title")}
          />
        </Field>
        <Field id="ac-sector" label="Setor" error={errors.sectorId?.message}>
          <Select {...describedBy("ac-sector", errors.sectorId?.message)} {...form.register("sectorId")}>
            {data.sectors.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="ac-hazard" label="Perigo" error={errors.hazard?.message}>
          <Select {...describedBy("ac-hazard", errors.hazard?.message)} {...form.register("hazard")}>
            {hazards.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="ac-hierarchy"
          label="Hierarquia"
          hint="Prefira medidas organizacionais, depois coletivas, por último individuais."
          error={errors.hierarchy?.message}
        >
          <Select {...describedBy("ac-hierarchy", errors.hierarchy?.message, true)} {...form.register("hierarchy")}>
            <option value="organizacional">Organizacional</option>
            <option value="coletiva">Coletiva</option>
            <option value="individual">Individual</option>
          </Select>
        </Field>
        <Field id="ac-owner" label="Responsável" error={errors.owner?.message}>
          <Input
            {...describedBy("ac-owner", errors.owner?.message)}
            required
            maxLength={120}
            {...form.register("owner")}
          />
        </Field>
        <Controller
          control={form.control}
          name="dueOn"
          render={({ field }) => (
            <DateField id="ac-due" label="Prazo" error={errors.dueOn?.message} required {...field} />
          )}
        />
        <Field id="ac-follow" label="Como será acompanhada" error={errors.followUp?.message}>
          <Textarea {...describedBy("ac-follow", errors.followUp?.message)} rows={2} {...form.register("followUp")} />
        </Field>
        <Field id="ac-measure" label="Como o resultado será medido" error={errors.measurement?.message}>
          <Textarea
            {...describedBy("ac-measure", errors.measurement?.message)}
            rows={2}
            {...form.register("measurement")}
          />
        </Field>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Dimensões que a ação deve melhorar</legend>
          <p className="text-xs text-muted">A próxima pesquisa encerrada mostra o antes e o depois de cada uma.</p>
          <div className="max-h-48 space-y-1 overflow-y-auto">
            {(instruments[0]?.dimensions ?? []).map((d) => (
              <label key={d.id} className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  value={d.id}
                  {...form.register("dimensions")}
                />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
        <FormError message={errors.root?.message} />
        <Button type="submit" disabled={isSubmitting}>
          Adicionar ação
        </Button>
      </form>
    </Card>
  );
}
