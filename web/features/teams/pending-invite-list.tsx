import { Clock, MailWarning, Send, UserX } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { formatDayPtBR, formatNumber } from "#core/format.ts";
import { messages } from "#core/messages.ts";
import { teamMessages } from "#core/team-messages.ts";
import { Pager } from "#web/components/pager.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useCancelInvite, useResendInvite, useSendWaitingInvites, useTeamInvites } from "./teams.queries.ts";

/**
 * Invites not yet accepted, 20 a page and searched by name or e-mail (after an import there are thousands:
 * docs/decisions/058), each with where its e-mail is (docs/decisions/009): kept for later by an import, on
 * its way, or failed after the retries; resending makes a new link and counts against the hourly cap.
 * 'Enviar convites' sends every invitation an import kept for later.
 */
export function PendingInviteList({ companyId }: { companyId: string | null }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const list = useTeamInvites(companyId, q, page);
  const cancel = useCancelInvite(companyId);
  const resend = useResendInvite(companyId);
  const sendWaiting = useSendWaitingInvites(companyId);
  const data = list.data;
  // Nothing pending and nothing searched: no section at all, as before.
  if (!data || (data.total === 0 && !q && page === 1)) return null;
  const invites = data.items;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));

  return (
    <section aria-labelledby="pending-invites" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="pending-invites" className="font-semibold">
          Convites pendentes ({formatNumber(data.total)})
        </h3>
        {data.waiting > 0 ? (
          <Button
            disabled={sendWaiting.isPending}
            onClick={() =>
              sendWaiting.mutate(undefined, {
                onSuccess: (result) => toast.success(result.message),
                onError: () => toast.error(teamMessages.sendWaitingFailed),
              })
            }
          >
            <Send aria-hidden className="size-4" /> Enviar convites ({formatNumber(data.waiting)})
          </Button>
        ) : null}
      </div>
      {data.waiting > 0 ? (
        <p className="text-sm text-muted">
          {data.waiting === 1
            ? "1 convite da importação ainda não foi enviado."
            : `${formatNumber(data.waiting)} convites da importação ainda não foram enviados.`}{" "}
          Eles já ocupam vagas do plano e saem aos poucos quando você enviar.
        </p>
      ) : null}
      <SearchInput
        label="Buscar convite"
        placeholder="Nome ou e-mail"
        className="sm:w-80"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {invites.length === 0 ? (
        <p className="text-sm text-muted" role="status">
          Nenhum convite pendente com esse nome ou e-mail.
        </p>
      ) : (
        <ul
          aria-label="Convites pendentes"
          className="divide-y divide-border rounded-lg border border-dashed border-border"
        >
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
                  {invite.delivery === "sending" ? <Badge>{teamMessages.inviteDeliverySending}</Badge> : null}
                  {invite.delivery === "waiting" ? (
                    <Badge tone="accent">{teamMessages.inviteDeliveryWaiting}</Badge>
                  ) : null}
                  {invite.delivery === "failed" ? (
                    <Badge tone="danger">{teamMessages.inviteDeliveryFailed}</Badge>
                  ) : null}
                </p>
                <p className="truncate text-sm text-muted">
                  {invite.email} · {invite.delivery === "waiting" ? "guardado até" : "expira em"}{" "}
                  {formatDayPtBR(invite.expiresAt.slice(0, 10))}
                </p>
                {invite.delivery === "failed" ? (
                  <p className="text-sm text-danger">{teamMessages.inviteDeliveryFailedHint}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${invite.delivery === "waiting" ? "Enviar" : "Reenviar"} convite para ${invite.name}`}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(invite.id, {
                      onSuccess: (result) => toast.success(result.message),
                      onError: (error) =>
                        toast.error(
                          error instanceof ApiError && error.status < 500 && !error.isNetwork
                            ? error.message
                            : teamMessages.inviteResendFailed,
                        ),
                    })
                  }
                >
                  <Send aria-hidden className="size-4" /> {invite.delivery === "waiting" ? "Enviar" : "Reenviar"}
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
      )}
      <Pager
        label="Páginas de convites pendentes"
        page={page}
        pages={pages}
        isFetching={list.isFetching}
        onPage={setPage}
      />
    </section>
  );
}
