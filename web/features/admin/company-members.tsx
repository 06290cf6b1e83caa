import { UserMinus, Users } from "lucide-react";
import { useRef, useState } from "react";
import { messages } from "#core/messages.ts";
import { roleLabels } from "#core/roles.ts";
import type { AdminCompany } from "#core/schemas/admin.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { toast } from "#web/lib/toast.ts";
import { useRemoveCompanyMember } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";

type Member = AdminCompany["members"][number];

/** Long lists start folded so one big company does not bury the others. */
const FOLDED_COUNT = 6;

/** A company's members (name, e-mail, role), each removable after a confirmation (spec 8). */
export function CompanyMembers({ company }: { company: AdminCompany }) {
  const remove = useRemoveCompanyMember(company.id);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [showAll, setShowAll] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // ConfirmDialog has no Trigger, so Radix cannot give focus back by itself.
  const removeButton = useRef<HTMLButtonElement | null>(null);
  const headingId = `membros-${company.id}`;
  const members = company.members;
  const visible = showAll ? members : members.slice(0, FOLDED_COUNT);

  async function confirmRemoval() {
    if (!removing) return;
    let focusTarget: HTMLElement | null = removeButton.current;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(messages.adminMemberRemoved, {
        description: `${removing.name} não faz mais parte da ${company.name}.`,
      });
      // The row and its button are gone: keep the keyboard user in the list.
      focusTarget = heading.current;
    } catch (error) {
      toast.error(adminActionError("remover membro", error));
    } finally {
      setRemoving(null);
      setTimeout(() => focusTarget?.focus(), 0);
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h4 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold">
        Membros ({members.length})
      </h4>
      {members.length === 0 ? (
        <p className="flex items-center gap-2 rounded-md bg-surface-2 p-3 text-sm text-muted">
          <Users aria-hidden className="size-4 shrink-0" strokeWidth={1.75} />
          Ninguém entrou nesta empresa ainda. Quem aceitar o convite aparece aqui.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {visible.map((member) => (
            <li key={member.id} className="flex items-center gap-3 px-3 py-2">
              <UserAvatar name={member.name} className="size-9 text-sm" />
              <div className="min-w-0 flex-1">
                <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="min-w-0 truncate text-sm font-medium">{member.name}</span>
                  <Badge tone={member.role === "manager" ? "primary" : "neutral"}>{roleLabels[member.role]}</Badge>
                </p>
                <p className="truncate text-sm text-muted">{member.email}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="shrink-0 text-muted hover:bg-danger-soft hover:text-danger"
                aria-label={`Remover ${member.name}`}
                title={`Remover ${member.name}`}
                onClick={(event) => {
                  removeButton.current = event.currentTarget;
                  setRemoving(member);
                }}
              >
                <UserMinus aria-hidden className="size-5" strokeWidth={1.75} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {members.length > FOLDED_COUNT ? (
        <Button variant="link" size="sm" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)}>
          {showAll ? "Mostrar menos" : `Mostrar todos os ${members.length} membros`}
        </Button>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (open || remove.isPending) return;
          setRemoving(null);
          setTimeout(() => removeButton.current?.focus(), 0);
        }}
        title={messages.confirmRemoveCompanyMember}
        description={
          removing
            ? `${removing.name} perde o acesso à ${company.name} e sai de todas as sessões abertas. A conta e o histórico pessoal continuam com a pessoa.`
            : undefined
        }
        confirmLabel={remove.isPending ? "Removendo..." : "Remover"}
        onConfirm={() => void confirmRemoval()}
        isPending={remove.isPending}
      />
    </section>
  );
}
