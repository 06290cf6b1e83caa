import { Clock } from "lucide-react";
import { formatDatePtBR, formatNumber } from "#core/format.ts";
import { roleLabels } from "#core/roles.ts";
import type { PendingInvite } from "#core/schemas/team.ts";
import { teamMessages } from "#core/team-messages.ts";
import { Badge } from "#web/components/ui/badge.tsx";

/**
 * A page of the invites sent and not yet accepted: they already hold a seat of the plan. A failed e-mail is resent
 * from /team (docs/decisions/009).
 */
export function PendingInvites({
  companyId,
  invites,
  total,
}: {
  companyId: string;
  invites: PendingInvite[];
  total: number;
}) {
  if (invites.length === 0) return null;
  const headingId = `convites-${companyId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h4 id={headingId} className="text-sm font-semibold">
        Convites pendentes ({formatNumber(total)})
      </h4>
      <ul className="divide-y divide-border rounded-md border border-dashed border-border">
        {invites.map((invite) => (
          <li key={invite.id} className="flex items-start gap-3 px-3 py-2">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Clock aria-hidden className="size-4" strokeWidth={1.75} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                <span className="min-w-0 truncate text-sm font-medium">{invite.name}</span>
                {invite.delivery === "failed" ? (
                  <Badge tone="danger">{teamMessages.inviteDeliveryFailed}</Badge>
                ) : (
                  <Badge tone="accent">
                    {invite.delivery === "sending"
                      ? teamMessages.inviteDeliverySending
                      : invite.delivery === "waiting"
                        ? teamMessages.inviteDeliveryWaiting
                        : "Convite pendente"}
                  </Badge>
                )}
              </p>
              <p className="truncate text-sm text-muted">{invite.email}</p>
              <p className="text-xs text-muted">
                {roleLabels[invite.role]} · vale até {formatDatePtBR(invite.expiresAt)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
