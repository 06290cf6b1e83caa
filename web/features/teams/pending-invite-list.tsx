import { Clock, MailWarning, Send, UserX } from "lucide-react";
import { formatDayPtBR } from "#core/format.ts";
import { messages } from "#core/messages.ts";
import type { PendingInvite } from "#core/schemas/team.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useCancelInvite, useResendInvite } from "./teams.queries.ts";

/**
 * Invites not yet accepted, each with where its e-mail is (docs/decisions/009): on its way, or failed
 * after the retries; resending makes a new link and counts against the hourly cap.
 */
export function PendingInviteList({ invites, companyId }: { invites: PendingInvite[]; companyId: string | null }) {
  const cancel = useCancelInvite(companyId);
  const resend = useResendInvite(companyId);
  if (invites.length === 0) return null;

  return (
    <section aria-labelledby="pending-invites" className="space-y-2">
      <h3 id="pending-invites" className="font-semibold">
        Convites pendentes
      </h3>
      <ul className="divide-y divide-border rounded-lg border border-dashed border-border">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center gap-3 p-4">
            {invite.delivery === "failed" ? (
              <MailWarning aria-hidden className="size-5 text-danger" />
            ) : (
              <Clock aria-hidden className="size-5 text-muted" />
            )}
            {/* At least 12rem for the name and address: on a phone the buttons wrap below them. */}
            <div className="min-w-48 flex-1">
              <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                <span className="truncate font-medium">{invite.name}</span>
                {invite.delivery === "sending" ? <Badge>{messages.inviteDeliverySending}</Badge> : null}
                {invite.delivery === "failed" ? <Badge tone="danger">{messages.inviteDeliveryFailed}</Badge> : null}
              </p>
              <p className="truncate text-sm text-muted">
                {invite.email} · expira em {formatDayPtBR(invite.expiresAt.slice(0, 10))}
              </p>
              {invite.delivery === "failed" ? (
                <p className="text-sm text-danger">{messages.inviteDeliveryFailedHint}</p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Reenviar convite para ${invite.name}`}
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(invite.id, {
                    onSuccess: (result) => toast.success(result.message),
                    onError: (error) =>
                      toast.error(
                        error instanceof ApiError && error.status < 500 && !error.isNetwork
                          ? error.message
                          : messages.inviteResendFailed,
                      ),
                  })
                }
              >
                <Send aria-hidden className="size-4" /> Reenviar
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Cancelar convite de ${invite.name}`}
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(invite.id, {
                    onSuccess: (result) => toast.success(result.message),
                    onError: () => toast.error(messages.internalError),
                  })
                }
              >
                <UserX aria-hidden className="size-4" /> Cancelar convite
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
