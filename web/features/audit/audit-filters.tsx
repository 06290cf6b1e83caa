import { zodResolver } from "@hookform/resolvers/zod";
import { Filter, X } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { auditActionLabels, auditKindLabels } from "#core/audit-labels.ts";
import { type AuditQuery, auditActions, auditKinds, auditQuerySchema } from "#core/schemas/audit.ts";
import { DateField } from "#web/components/date-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { describedBy, Field, Input, Select } from "#web/components/ui/field.tsx";

export type AuditFilterValues = {
  kind: string;
  action: string;
  companyId: string;
  actor: string;
  from: string;
  to: string;
};
const emptyAuditFilters: AuditFilterValues = {
  kind: "",
  action: "",
  companyId: "",
  actor: "",
  from: "",
  to: "",
};

/** Only the filled filters, as the API takes them (empty strings dropped). */
export function toAuditQuery(values: AuditFilterValues): AuditQuery {
  const entries = Object.entries(values).filter(([, value]) => value.trim() !== "");
  return Object.fromEntries(entries) as AuditQuery;
}

const auditFilterSchema = z.custom<AuditFilterValues>().transform(toAuditQuery).pipe(auditQuerySchema);

/**
 * The filters of the Registro de acessos. Checked with the API's own schema
 * before they apply, so a reversed period is explained here, not by a 400.
 */
export function AuditFilters({
  initial,
  companies,
  onApply,
}: {
  initial: AuditFilterValues;
  companies: Array<{ id: string; name: string }>;
  onApply: (values: AuditFilterValues) => void;
}) {
  // `raw`: the page keeps the filters as typed (the URL, the 'Limpar' button), so it gets them as typed.
  const form = useForm<AuditFilterValues>({
    resolver: zodResolver(auditFilterSchema, undefined, { raw: true }),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(onApply);

  function clear() {
    form.reset(emptyAuditFilters);
    onApply(emptyAuditFilters);
  }

  return (
    <Card>
      <form onSubmit={onSubmit} aria-label="Filtros do registro" noValidate>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field id="audit-kind" label="Tipo de evento">
            <Select id="audit-kind" {...form.register("kind")}>
              <option value="">Todos os eventos</option>
              {auditKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {auditKindLabels[kind]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="audit-action" label="Ação">
            <Select id="audit-action" {...form.register("action")}>
              <option value="">Todas as ações</option>
              {auditActions.map((action) => (
                <option key={action} value={action}>
                  {auditActionLabels[action]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="audit-company" label="Empresa">
            <Select id="audit-company" {...form.register("companyId")}>
              <option value="">Todas as empresas</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="audit-actor" label="E-mail de quem fez" error={errors.actor?.message}>
            <Input
              {...describedBy("audit-actor", errors.actor?.message)}
              type="search"
              placeholder="Parte do e-mail"
              {...form.register("actor")}
            />
          </Field>
          <Controller
            control={form.control}
            name="from"
            render={({ field }) => <DateField id="audit-from" label="De" error={errors.from?.message} {...field} />}
          />
          <Controller
            control={form.control}
            name="to"
            render={({ field }) => <DateField id="audit-to" label="Até" error={errors.to?.message} {...field} />}
          />
          <div className="flex items-end gap-2">
            <Button type="submit" className="flex-1 sm:flex-none">
              <Filter aria-hidden className="size-4" strokeWidth={1.75} /> Filtrar
            </Button>
            <Button variant="ghost" onClick={clear}>
              <X aria-hidden className="size-4" strokeWidth={1.75} /> Limpar
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
