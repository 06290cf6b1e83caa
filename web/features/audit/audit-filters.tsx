import { Filter, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { auditActionLabels, auditKindLabels } from "#core/messages.ts";
import { type AuditQuery, auditActions, auditKinds, auditQuerySchema } from "#core/schemas/audit.ts";
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
export const emptyAuditFilters: AuditFilterValues = {
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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof AuditFilterValues, string>>>({});
  const set = (key: keyof AuditFilterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = auditQuerySchema.safeParse(toAuditQuery(values));
    if (!result.success) {
      const found: typeof errors = {};
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof AuditFilterValues;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onApply(values);
  }

  function clear() {
    setValues(emptyAuditFilters);
    setErrors({});
    onApply(emptyAuditFilters);
  }

  return (
    <Card>
      <form onSubmit={submit} aria-label="Filtros do registro" noValidate>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field id="audit-kind" label="Tipo de evento">
            <Select id="audit-kind" value={values.kind} onChange={set("kind")}>
              <option value="">Todos os eventos</option>
              {auditKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {auditKindLabels[kind]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="audit-action" label="Ação">
            <Select id="audit-action" value={values.action} onChange={set("action")}>
              <option value="">Todas as ações</option>
              {auditActions.map((action) => (
                <option key={action} value={action}>
                  {auditActionLabels[action]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="audit-company" label="Empresa">
            <Select id="audit-company" value={values.companyId} onChange={set("companyId")}>
              <option value="">Todas as empresas</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="audit-actor" label="E-mail de quem fez" error={errors.actor}>
            <Input
              {...describedBy("audit-actor", errors.actor)}
              type="search"
              placeholder="Parte do e-mail"
              value={values.actor}
              onChange={set("actor")}
            />
          </Field>
          <Field id="audit-from" label="De" error={errors.from}>
            <Input {...describedBy("audit-from", errors.from)} type="date" value={values.from} onChange={set("from")} />
          </Field>
          <Field id="audit-to" label="Até" error={errors.to}>
            <Input {...describedBy("audit-to", errors.to)} type="date" value={values.to} onChange={set("to")} />
          </Field>
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
