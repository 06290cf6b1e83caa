import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { adminMessages } from "#core/admin-messages.ts";
import { formatMemberLimit, formatPlanPrice, normalizePlan, type Plan, planDetails, plans } from "#core/plans.ts";
import { type CreateCompanyInput, createCompanyInputSchema } from "#core/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Select } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useCreateCompany } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";

export const newCompanyFormId = "nova-empresa-formulario";

/** 'Prime · R$ 499,00/mês': short enough for a closed select on a phone. */
function planOptionLabel(plan: Plan): string {
  return `${planDetails[plan].label} · ${formatPlanPrice(plan)}`;
}

/** The chosen plan's member limit, under the select. */
function planLimitHint(plan: Plan): string {
  return plan === "enterprise"
    ? "Membros ilimitados; o preço é combinado com o time comercial."
    : `Até ${formatMemberLimit(plan)} membros, contando os convites pendentes.`;
}

/** New company (spec 2, 5, 7): the company and its manager, who gets an invite by e-mail. */
export function NewCompanyForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const create = useCreateCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateCompanyInput, unknown, z.output<typeof createCompanyInputSchema>>({
    resolver: zodResolver(createCompanyInputSchema),
    defaultValues: { name: "", manager_name: "", manager_email: "", plan: "essencial" },
  });
  const { errors, isSubmitting } = form.formState;
  const chosenPlan = normalizePlan(form.watch("plan") ?? "") ?? "essencial";

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      toast.success(adminMessages.companyCreated, { description: `Enviamos o convite para ${values.manager_email}.` });
      form.reset();
      onDone();
    } catch (error) {
      setFormError(adminActionError("criar empresa", error));
    }
  });

  return (
    <form
      id={newCompanyFormId}
      aria-labelledby="nova-empresa-titulo"
      onSubmit={onSubmit}
      noValidate
      className="mb-8 flex flex-col gap-5 rounded-lg border border-border bg-surface p-5 shadow-soft"
    >
      <div className="space-y-1">
        <h2 id="nova-empresa-titulo" className="text-lg font-semibold">
          Cadastrar nova empresa
        </h2>
        <p className="text-sm text-muted">
          O gestor recebe um e-mail para criar a senha e, depois, pode convidar a equipe. O convite vale por 7 dias.
        </p>
      </div>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field id="empresa-nome" label="Nome da empresa" error={errors.name?.message} className="md:col-span-2">
          <Input
            {...describedBy("empresa-nome", errors.name?.message)}
            autoComplete="organization"
            {...form.register("name")}
          />
        </Field>
        <Field id="gestor-nome" label="Nome do gestor" error={errors.manager_name?.message}>
          <Input
            {...describedBy("gestor-nome", errors.manager_name?.message)}
            autoComplete="off"
            {...form.register("manager_name")}
          />
        </Field>
        <Field id="gestor-email" label="E-mail do gestor" error={errors.manager_email?.message}>
          <Input
            {...describedBy("gestor-email", errors.manager_email?.message)}
            type="email"
            inputMode="email"
            autoComplete="off"
            {...form.register("manager_email")}
          />
        </Field>
        <Field
          id="empresa-plano"
          label="Plano"
          error={errors.plan?.message}
          hint={planLimitHint(chosenPlan)}
          className="md:col-span-2"
        >
          <Select
            className="read-only:bg-surface"
            {...describedBy("empresa-plano", errors.plan?.message)}
            {...form.register("plan")}
          >
            {plans.map((plan) => (
              <option key={plan} value={plan}>
                {planOptionLabel(plan)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Criando..." : "Criar empresa"}
        </Button>
      </div>
    </form>
  );
}
