import { ArrowUpDown, ChevronDown } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { formatNumber } from "#core/format.ts";
import { formatPlanPrice, type Plan, planDetails, plans } from "#core/plans.ts";
import type { AdminCompanySummary } from "#core/schemas/admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useChangeCompanyPlan } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";

function seatsText(plan: Plan): string {
  return plan === "enterprise" ? "vagas ilimitadas" : `${formatNumber(planDetails[plan].memberLimit)} vagas`;
}

/**
 * 'Mudar plano' on a company's card (issue 45, docs/decisions/058): each plan with its seats against the
 * seats in use; a plan they do not fit is shown but cannot be chosen (the server refuses it too), and
 * the change is in the Registro de acessos.
 */
export function CompanyPlan({ company }: { company: AdminCompanySummary }) {
  const [isOpen, setIsOpen] = useState(false);
  const [choice, setChoice] = useState<Plan>(company.plan);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeCompanyPlan(company.id);
  const panelId = useId();
  const fits = (plan: Plan) => company.seatsUsed <= planDetails[plan].memberLimit;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const result = await change.mutateAsync(choice);
      toast.success(result.message, { description: `${company.name}: ${seatsText(choice)}.` });
      setIsOpen(false);
    } catch (caught) {
      setError(adminActionError("mudar plano", caught));
    }
  }

  return (
    <section aria-label={`Plano da ${company.name}`} className="space-y-3">
      <Button
        variant="ghost"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => {
          setIsOpen((open) => !open);
          setChoice(company.plan);
          setError(null);
        }}
      >
        <ArrowUpDown aria-hidden className="size-4" strokeWidth={1.75} />
        Mudar plano
        <ChevronDown
          aria-hidden
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          strokeWidth={1.75}
        />
      </Button>
      {isOpen ? (
        <form id={panelId} onSubmit={submit} noValidate className="space-y-3 rounded-md border border-border p-4">
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm text-muted">
              {formatNumber(company.seatsUsed)} {company.seatsUsed === 1 ? "vaga em uso" : "vagas em uso"} (membros e
              convites pendentes). Escolha o novo plano:
            </legend>
            {plans.map((plan) => {
              const current = plan === company.plan;
              const disabled = current || !fits(plan);
              return (
                <label
                  key={plan}
                  className={cn(
                    "flex gap-3 rounded-md border p-3 has-focus-visible:outline-2 has-focus-visible:outline-ring",
                    choice === plan && !current ? "border-primary bg-primary-soft" : "border-border",
                    disabled ? "cursor-not-allowed opacity-70" : "cursor-pointer",
                  )}
                >
                  <input
                    type="radio"
                    name={`plano-${company.id}`}
                    value={plan}
                    checked={choice === plan}
                    disabled={disabled}
                    onChange={() => setChoice(plan)}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium">
                      {planDetails[plan].label} · {seatsText(plan)}
                    </span>
                    <span className="block text-sm text-muted">
                      {current
                        ? "Plano atual"
                        : fits(plan)
                          ? formatPlanPrice(plan)
                          : `Não cabe: a empresa usa ${formatNumber(company.seatsUsed)} vagas`}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {error ? (
            <Alert tone="error" live>
              {error}
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={choice === company.plan || change.isPending}>
              {change.isPending ? "Mudando..." : `Mudar para ${planDetails[choice].label}`}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setIsOpen(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
