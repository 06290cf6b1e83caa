import { ClipboardList } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { actionPriority, formatIsoDay, hazardName, hazards } from "#core/risks.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { FileList, FileUpload } from "./evidence-files.tsx";
import type { Action, RiskOverview } from "./risk-types.ts";
import { useRiskWrite } from "./risks.queries.ts";

const statusLabels = {
  planejada: "Planejada",
  em_andamento: "Em andamento",
  concluida: "Concluída",
  cancelada: "Cancelada",
};

export function PlanTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const [error, setError] = useState<string>();
  const today = new Date().toISOString().slice(0, 10);
  const latestLines = data.inventories.flatMap((v) => v.content.lines);
  const priorityOf = (action: Action) => {
    const line = latestLines.find((l) => l.sectorId === action.sectorId && l.hazard === action.hazard);
    return actionPriority(line?.levelIndex ?? 0, line?.exposed ?? 0);
  };
  const isOverdue = (action: Action) =>
    action.dueOn < today && action.status !== "concluida" && action.status !== "cancelada";
  // Overdue first, then by priority (level × workers exposed), then by due date.
  const actions = [...data.actions].sort(
    (a, b) =>
      Number(isOverdue(b)) - Number(isOverdue(a)) || priorityOf(b) - priorityOf(a) || a.dueOn.localeCompare(b.dueOn),
  );

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = Object.fromEntries(new FormData(formElement));
    write.mutate(
      { path: "/api/risks/actions", body: { ...form, status: "planejada", effectiveness: "" } },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setError(undefined);
          formElement.reset();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
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
      {data.sectors.length ? (
        <Card>
          <CardTitle className="text-base">Nova ação</CardTitle>
          <form className="mt-3 space-y-3" onSubmit={create}>
            <Field id="ac-title" label="Medida">
              <Input id="ac-title" name="title" required maxLength={120} />
            </Field>
            <Field id="ac-sector" label="Setor">
              <Select id="ac-sector" name="sectorId">
                {data.sectors.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="ac-hazard" label="Perigo">
              <Select id="ac-hazard" name="hazard">
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
            >
              <Select id="ac-hierarchy" name="hierarchy">
                <option value="organizacional">Organizacional</option>
                <option value="coletiva">Coletiva</option>
                <option value="individual">Individual</option>
              </Select>
            </Field>
            <Field id="ac-owner" label="Responsável">
              <Input id="ac-owner" name="owner" required maxLength={120} />
            </Field>
            <Field id="ac-due" label="Prazo">
              <Input id="ac-due" name="dueOn" type="date" required />
            </Field>
            <Field id="ac-follow" label="Como será acompanhada">
              <Textarea id="ac-follow" name="followUp" rows={2} />
            </Field>
            <Field id="ac-measure" label="Como o resultado será medido" error={error}>
              <Textarea id="ac-measure" name="measurement" rows={2} />
            </Field>
            <Button type="submit" disabled={write.isPending}>
              Adicionar ação
            </Button>
          </form>
        </Card>
      ) : null}
    </div>
  );
}
