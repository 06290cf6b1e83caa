import { Inbox } from "lucide-react";
import { useState } from "react";
import { countOf, formatDatePtBR } from "#core/format.ts";
import { rewardMessages } from "#core/reward-messages.ts";
import type { RedemptionRequest } from "#core/schemas/rewards.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { RedemptionStatusBadge } from "./redemption-status-badge.tsx";
import { useCloseRedemption } from "./rewards.queries.ts";

/** The manager's to-do list: who redeemed what, to deliver or cancel (docs/decisions/028). */
export function RedemptionRequests({ requests }: { requests: RedemptionRequest[] }) {
  const close = useCloseRedemption();
  const [cancelling, setCancelling] = useState<RedemptionRequest | null>(null);

  const run = async (id: string, outcome: "deliver" | "cancel") => {
    try {
      const result = await close.mutateAsync({ id, outcome });
      toast.success(result.message);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status < 500 && !error.isNetwork
          ? error.message
          : rewardMessages.redeemFailed,
      );
    } finally {
      setCancelling(null);
    }
  };

  if (requests.length === 0) {
    return (
      <EmptyState icon={Inbox} title="Nenhum pedido de resgate ainda">
        Quando alguém da equipe resgatar uma recompensa, o pedido aparece aqui para você entregar.
      </EmptyState>
    );
  }
  const pending = requests.filter((r) => r.status === "pending").length;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted" aria-live="polite">
        {pending
          ? countOf(pending, "pedido aguardando entrega", "pedidos aguardando entrega")
          : "Tudo entregue por aqui."}
      </p>
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
        {requests.map((request) => (
          <li key={request.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium">
                {request.memberName} · <span className="font-normal">{request.rewardTitle}</span>
              </p>
              <p className="text-sm text-muted">
                {countOf(request.pointsCost, "ponto", "pontos")} · pedido em {formatDatePtBR(request.createdAt)}
                {request.scope === "platform" ? " · catálogo Sereno" : ""}
              </p>
            </div>
            {request.status === "pending" ? (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  onClick={() => void run(request.id, "deliver")}
                  disabled={close.isPending}
                  aria-label={`Marcar como entregue: ${request.rewardTitle} para ${request.memberName}`}
                >
                  Marcar como entregue
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setCancelling(request)}
                  disabled={close.isPending}
                  aria-label={`Cancelar pedido: ${request.rewardTitle} para ${request.memberName}`}
                >
                  Cancelar
                </Button>
              </div>
            ) : (
              <span className="self-start sm:self-auto">
                <RedemptionStatusBadge status={request.status} />
              </span>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? null : setCancelling(null))}
        title="Cancelar este pedido?"
        description={
          cancelling
            ? `${cancelling.memberName} recebe de volta ${countOf(cancelling.pointsCost, "ponto", "pontos")} e vê o pedido como cancelado. Combine com a pessoa antes.`
            : undefined
        }
        confirmLabel="Cancelar pedido"
        onConfirm={() => cancelling && void run(cancelling.id, "cancel")}
        isPending={close.isPending}
      />
    </div>
  );
}
