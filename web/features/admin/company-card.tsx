import { Building2, ChevronDown, FileUp, Trash2, UserPlus } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { adminMessages } from "#core/admin-messages.ts";
import { formatDatePtBR, formatNumber } from "#core/format.ts";
import { formatPlanPrice, planDetails } from "#core/plans.ts";
import type { AdminCompanySummary } from "#core/schemas/admin.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { AddMemberForm } from "./add-member-form.tsx";
import { useDeleteCompany } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";
import { CompanyListening } from "./company-listening.tsx";
import { CompanyMembers } from "./company-members.tsx";
import { CompanyPlan } from "./company-plan.tsx";
import { CompanySso } from "./company-sso.tsx";
import { CompanyMsteams, CompanyWhatsapp } from "./company-whatsapp.tsx";
import { ScimProvisioning } from "./scim-provisioning.tsx";

/**
 * One company, compact: plan, manager, seats and counts from the summary; its members and pending invites
 * load only when 'Membros' is opened (docs/decisions/054); then its panels and actions.
 */
export function CompanyCard({ company, onDeleted }: { company: AdminCompanySummary; onDeleted: () => void }) {
  const [isAdding, setIsAdding] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const remove = useDeleteCompany();
  const addToggle = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const titleId = `empresa-${company.id}`;
  const formId = `adicionar-membro-${company.id}`;
  const plan = planDetails[company.plan];
  const { seatsUsed } = company;
  const isFull = seatsUsed >= company.seatLimit;

  function closeForm() {
    setIsAdding(false);
    addToggle.current?.focus();
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync(company.id);
      toast.success(adminMessages.companyRemoved, { description: `${company.name} foi apagada.` });
      setIsConfirmingDelete(false);
      setTimeout(onDeleted, 0);
    } catch (error) {
      toast.error(adminActionError("apagar empresa", error));
      setIsConfirmingDelete(false);
      setTimeout(() => deleteButton.current?.focus(), 0);
    }
  }

  return (
    <Card aria-labelledby={titleId} className="flex flex-col gap-4" role="article">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Building2 aria-hidden className="size-5" strokeWidth={1.75} />
        </span>
        <div className="min-w-0 space-y-1.5">
          <h3 id={titleId} className="text-lg font-semibold leading-snug wrap-anywhere">
            {company.name}
          </h3>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone="primary">
              {plan.label} · {formatPlanPrice(company.plan)}
            </Badge>
            <span>desde {formatDatePtBR(company.createdAt)}</span>
          </div>
        </div>
      </div>

      <dl className="grid gap-3 rounded-md bg-surface-2 p-4 text-sm sm:grid-cols-3">
        <div className="min-w-0 space-y-0.5">
          <dt className="text-muted">Gestor</dt>
          <dd className="min-w-0">
            {company.manager ? (
              <>
                <span className="flex flex-wrap items-center gap-2 font-medium wrap-anywhere">
                  {company.manager.name}
                  {company.manager.pending ? <Badge tone="accent">Convite pendente</Badge> : null}
                </span>
                <span className="block truncate text-muted">{company.manager.email}</span>
              </>
            ) : (
              <span className="text-muted">Gestor ainda não definido</span>
            )}
          </dd>
        </div>
        <div className="space-y-0.5">
          <dt className="text-muted">Vagas do plano</dt>
          <dd className="font-medium">
            {company.plan === "enterprise"
              ? `${seatsUsed} em uso · ilimitadas`
              : `${seatsUsed} de ${company.seatLimit} em uso`}
          </dd>
        </div>
        <div className="space-y-0.5">
          <dt className="text-muted">Pessoas</dt>
          <dd className="font-medium">
            {company.memberCount === 1 ? "1 membro" : `${formatNumber(company.memberCount)} membros`}
            {company.pendingInviteCount > 0
              ? ` · ${formatNumber(company.pendingInviteCount)} ${company.pendingInviteCount === 1 ? "convite pendente" : "convites pendentes"}`
              : ""}
          </dd>
        </div>
      </dl>

      <CompanyPlan company={company} />
      <CompanyMembers company={company} />
      <CompanyListening company={company} />
      <ScimProvisioning companyId={company.id} companyName={company.name} />
      <CompanySso company={company} />
      <CompanyWhatsapp company={company} />
      <CompanyMsteams company={company} />

      <div className="flex flex-col gap-3 border-t border-border pt-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <Button
            ref={addToggle}
            variant="secondary"
            aria-expanded={isAdding}
            aria-controls={formId}
            disabled={isFull && !isAdding}
            onClick={() => setIsAdding((open) => !open)}
          >
            <UserPlus aria-hidden className="size-4" strokeWidth={1.75} />
            Adicionar membro
            <ChevronDown
              aria-hidden
              className={cn("size-4 transition-transform", isAdding && "rotate-180")}
              strokeWidth={1.75}
            />
          </Button>
          <Link to={`/team/importar?empresa=${encodeURIComponent(company.id)}`} className={buttonClass("secondary")}>
            <FileUp aria-hidden className="size-4" strokeWidth={1.75} />
            Importar pessoas
          </Link>
          {isFull ? (
            <p className="text-sm text-muted sm:max-w-md">
              Todas as vagas do plano {plan.label} estão em uso. Para convidar mais alguém, remova um membro ou use
              Mudar plano, acima.
            </p>
          ) : null}
          <Button
            ref={deleteButton}
            variant="ghost"
            size="sm"
            className="min-h-11 text-danger hover:bg-danger-soft sm:ml-auto"
            onClick={() => setIsConfirmingDelete(true)}
          >
            <Trash2 aria-hidden className="size-4" strokeWidth={1.75} />
            Apagar empresa
          </Button>
        </div>
        {isAdding ? (
          <AddMemberForm
            id={formId}
            companyId={company.id}
            companyName={company.name}
            onDone={closeForm}
            onCancel={closeForm}
          />
        ) : null}
      </div>

      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={(open) => {
          if (remove.isPending) return;
          setIsConfirmingDelete(open);
          // ConfirmDialog has no Trigger, so Radix cannot give focus back by itself.
          if (!open) setTimeout(() => deleteButton.current?.focus(), 0);
        }}
        title={adminMessages.confirmDeleteCompany}
        description={`A ${company.name} será apagada. Os membros continuam com suas contas e o histórico pessoal, mas ficam sem empresa e saem das sessões abertas. Convites pendentes são cancelados e os relatórios da empresa são removidos. Essa ação não pode ser desfeita.`}
        confirmLabel={remove.isPending ? "Apagando..." : "Apagar empresa"}
        onConfirm={() => void confirmDelete()}
        isPending={remove.isPending}
      />
    </Card>
  );
}
