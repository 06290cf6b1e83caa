import { Mail, Users } from "lucide-react";
import { Link } from "react-router";
import { formatMemberLimit, formatPlanPrice, planDetails, plans } from "#core/plans.ts";
import type { Team } from "#core/schemas/team.ts";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { SUPPORT_EMAIL } from "#web/lib/contact.ts";

/**
 * The plan banner (spec 2): plan, seats used of the limit, price; what each plan allows and whom to ask
 * for another one: the platform changes a company's plan, so a manager writes to Sereno's support and an
 * admin goes to Administração (docs/decisions/058).
 */
export function PlanBanner({ company, isAdmin }: { company: Team["company"]; isAdmin: boolean }) {
  const unlimited = company.plan === "enterprise";
  const subject = `Mudança de plano: ${company.name}`;
  return (
    <section
      aria-label="Plano da empresa"
      className="space-y-4 rounded-lg border border-primary/20 bg-primary-soft p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
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
      </div>
      <div className="space-y-1 border-t border-primary/20 pt-3 text-sm">
        <p className="text-muted">
          {plans
            .map((plan) =>
              plan === "enterprise"
                ? `${planDetails[plan].label}: sem limite de membros`
                : `${planDetails[plan].label}: até ${formatMemberLimit(plan)} membros`,
            )
            .join(" · ")}
        </p>
        {isAdmin ? (
          <p>
            Para mudar o plano, use o cartão da empresa em{" "}
            <Link
              to={`/admin?q=${encodeURIComponent(company.name)}`}
              className="font-medium text-primary underline underline-offset-2"
            >
              Administração
            </Link>
            .
          </p>
        ) : (
          <p className="flex flex-wrap items-center gap-x-1.5">
            <span>Precisa de outro plano? Quem muda é a equipe do Sereno:</span>
            <a
              href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`}
              className="inline-flex min-h-11 items-center gap-1.5 font-medium text-primary underline underline-offset-2"
            >
              <Mail aria-hidden className="size-4" /> {SUPPORT_EMAIL}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
