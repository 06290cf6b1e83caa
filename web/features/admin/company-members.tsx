import { ChevronDown, UserMinus, Users } from "lucide-react";
import { useDeferredValue, useRef, useState } from "react";
import { adminMessages } from "#core/admin-messages.ts";
import { formatNumber } from "#core/format.ts";
import { shownEmail } from "#core/internal-address.ts";
import { loadFailed } from "#core/messages.ts";
import { roleLabels } from "#core/roles.ts";
import type { AdminCompanySummary, AdminMember } from "#core/schemas/admin.ts";
import { withFullStop } from "#core/text.ts";
import { Pager } from "#web/components/pager.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useCompanyPeople, useRemoveCompanyMember } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";
import { PendingInvites } from "./pending-invites.tsx";

/**
 * 'Membros (N)': closed until opened, then a company's members (name, e-mail, role) and pending invites,
 * 20 of each a page, searched by name or e-mail (docs/decisions/054); each member removable after a
 * confirmation (spec 8).
 */
export function CompanyMembers({ company }: { company: AdminCompanySummary }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = `membros-painel-${company.id}`;
  return (
    <section aria-label={`Membros da ${company.name}`} className="space-y-3">
      <Button variant="ghost" aria-expanded={isOpen} aria-controls={panelId} onClick={() => setIsOpen((open) => !open)}>
        <Users aria-hidden className="size-4" strokeWidth={1.75} />
        Membros ({formatNumber(company.memberCount)})
        <ChevronDown
          aria-hidden
          className={cn("size-4 transition-transform", isOpen && "rotate-180")}
          strokeWidth={1.75}
        />
      </Button>
      {isOpen ? <MembersPanel id={panelId} company={company} /> : null}
    </section>
  );
}

function MembersPanel({ id, company }: { id: string; company: AdminCompanySummary }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const people = useCompanyPeople(company.id, q, page, true);
  const remove = useRemoveCompanyMember(company.id);
  const [removing, setRemoving] = useState<AdminMember | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // ConfirmDialog has no Trigger, so Radix cannot give focus back by itself.
  const removeButton = useRef<HTMLButtonElement | null>(null);
  const headingId = `membros-${company.id}`;

  async function confirmRemoval() {
    if (!removing) return;
    let focusTarget: HTMLElement | null = removeButton.current;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(adminMessages.adminMemberRemoved, {
        description: withFullStop(`${removing.name} não faz mais parte da ${company.name}`),
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
    <div id={id} className="space-y-3 rounded-md border border-border p-3 sm:p-4">
      <SearchInput
        label={`Buscar membro da ${company.name}`}
        placeholder="Nome ou e-mail"
        className="sm:w-80"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <QueryPanel query={people} errorMessage={loadFailed("os membros")} loading={<Skeleton className="h-40 w-full" />}>
        {(data) => {
          const pages = Math.max(
            1,
            Math.ceil(data.memberTotal / data.pageSize),
            Math.ceil(data.pendingInviteTotal / data.pageSize),
          );
          return (
            <div className="space-y-4">
              <section aria-labelledby={headingId} className="space-y-2">
                <h4 id={headingId} ref={heading} tabIndex={-1} className="text-sm font-semibold">
                  {q
                    ? `Membros encontrados (${formatNumber(data.memberTotal)})`
                    : `Membros (${formatNumber(data.memberTotal)})`}
                </h4>
                {data.memberTotal === 0 ? (
                  <p className="flex items-center gap-2 rounded-md bg-surface-2 p-3 text-sm text-muted">
                    <Users aria-hidden className="size-4 shrink-0" strokeWidth={1.75} />
                    {q
                      ? `Nenhum membro encontrado para “${q}”.`
                      : "Ninguém entrou nesta empresa ainda. Quem aceitar o convite aparece aqui."}
                  </p>
                ) : data.members.length === 0 ? null : (
                  <ul
                    className="divide-y divide-border rounded-md border border-border"
                    aria-busy={people.isPlaceholderData}
                  >
                    {data.members.map((member) => (
                      <li key={member.id} className="flex items-center gap-3 px-3 py-2">
                        <UserAvatar name={member.name} className="size-9 text-sm" />
                        <div className="min-w-0 flex-1">
                          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                            <span className="min-w-0 truncate text-sm font-medium">{member.name}</span>
                            <Badge tone={member.role === "manager" ? "primary" : "neutral"}>
                              {roleLabels[member.role]}
                            </Badge>
                          </p>
                          <p className="truncate text-sm text-muted">{shownEmail(member.email)}</p>
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
              </section>
              <PendingInvites companyId={company.id} invites={data.pendingInvites} total={data.pendingInviteTotal} />
              <Pager
                label={`Páginas de membros da ${company.name}`}
                page={data.page}
                pages={pages}
                isFetching={people.isFetching}
                onPage={(next) => {
                  setPage(next);
                  heading.current?.focus();
                }}
              />
            </div>
          );
        }}
      </QueryPanel>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (open || remove.isPending) return;
          setRemoving(null);
          setTimeout(() => removeButton.current?.focus(), 0);
        }}
        title={adminMessages.confirmRemoveCompanyMember}
        description={
          removing
            ? `${removing.name} perde o acesso à ${company.name} e sai de todas as sessões abertas. A conta e o histórico pessoal continuam com a pessoa.`
            : undefined
        }
        confirmLabel={remove.isPending ? "Removendo..." : "Remover"}
        onConfirm={() => void confirmRemoval()}
        isPending={remove.isPending}
      />
    </div>
  );
}
