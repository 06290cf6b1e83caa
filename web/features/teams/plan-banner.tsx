import { Users } from "lucide-react";
import { formatMemberLimit, formatPlanPrice, planDetails } from "#core/plans.ts";
import type { Team } from "#core/schemas/team.ts";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

/** The plan banner (spec 2): plan, seats used of the limit, price. */
export function PlanBanner({ company }: { company: Team["company"] }) {
  const unlimited = company.plan === "enterprise";
  return (
    <section
      aria-label="Plano da empresa"
      className="flex flex-col gap-4 rounded-lg border border-primary/20 bg-primary-soft p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-muted wrap-anywhere">{company.name}</p>
        <p className="text-xl font-semibold">Plano {planDetails[company.plan].label}</p>
        <p className="text-sm text-muted">{formatPlanPrice(company.plan)}</p>
      </div>
      <div className="w-full space-y-2 sm:max-w-xs">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Users aria-hidden className="size-4 text-primary" />
          {unlimited
            ? `${company.used} membros (ilimitado)`
            : `${company.used} de ${formatMemberLimit(company.plan)} membros`}
        </p>
        {unlimited ? null : (
          <ProgressBar value={(company.used / company.memberLimit) * 100} label="Vagas do plano em uso" />
        )}
        <p className="text-xs text-muted">Convites pendentes contam como vagas até expirarem.</p>
      </div>
    </section>
  );
}
