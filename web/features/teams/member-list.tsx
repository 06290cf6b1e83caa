import { Trash2 } from "lucide-react";
import { useState } from "react";
import { shownEmail } from "#core/internal-address.ts";
import { roleLabels } from "#core/roles.ts";
import type { Team, TeamMember } from "#core/schemas/team.ts";
import { teamMessages } from "#core/team-messages.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { PendingInviteList } from "./pending-invite-list.tsx";
import { useRemoveMember } from "./teams.queries.ts";

/** The members (the manager's own row has no remove button) and the pending invites. */
export function MemberList({
  team,
  companyId,
  canRemoveManagers,
}: {
  team: Team;
  companyId: string | null;
  canRemoveManagers: boolean;
}) {
  const remove = useRemoveMember(companyId);
  const [target, setTarget] = useState<TeamMember | null>(null);

  async function confirmRemoval() {
    if (!target) return;
    try {
      const result = await remove.mutateAsync(target.id);
      toast.success(result.message);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : teamMessages.removeMemberFailed);
    } finally {
      setTarget(null);
    }
  }

  return (
    <div className="space-y-6">
      <ul aria-label="Membros da equipe" className="divide-y divide-border rounded-lg border border-border bg-surface">
        {team.members.map((member) => {
          const removable = !member.isSelf && (member.role === "user" || canRemoveManagers);
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-3 p-4">
              <UserAvatar name={member.name} className="size-9 text-sm" />
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere">
                  {member.name} {member.isSelf ? <span className="text-sm font-normal text-muted">(você)</span> : null}
                </p>
                <p className="truncate text-sm text-muted">{shownEmail(member.email)}</p>
              </div>
              <Badge tone={member.role === "manager" ? "primary" : "neutral"}>{roleLabels[member.role]}</Badge>
              {removable ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover ${member.name}`}
                  onClick={() => setTarget(member)}
                >
                  <Trash2 className="size-4 text-danger" />
                </Button>
              ) : (
                <span className="size-11" aria-hidden />
              )}
            </li>
          );
        })}
      </ul>

      <PendingInviteList companyId={companyId} />

      <ConfirmDialog
        open={Boolean(target)}
        onOpenChange={(open) => !open && setTarget(null)}
        title={teamMessages.confirmRemoveMember}
        description={
          target
            ? `${target.name} deixa a equipe e sai da conta na hora. A conta e o histórico pessoal continuam dela(e).`
            : undefined
        }
        confirmLabel="Remover"
        onConfirm={confirmRemoval}
        isPending={remove.isPending}
      />
    </div>
  );
}
