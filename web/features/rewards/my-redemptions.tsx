import { History } from "lucide-react";
import { countOf, formatDatePtBR } from "#core/format.ts";
import type { MyRedemption } from "#core/schemas/rewards.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { RedemptionStatusBadge } from "./redemption-status-badge.tsx";

/** The member's own requests and where each one is. */
export function MyRedemptions({ redemptions }: { redemptions: MyRedemption[] }) {
  if (redemptions.length === 0) {
    return (
      <EmptyState icon={History} title="Você ainda não resgatou nenhuma recompensa">
        Escolha uma recompensa acima; o pedido aparece aqui até ser entregue.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
      {redemptions.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div>
            <p className="font-medium">{item.rewardTitle}</p>
            <p className="text-sm text-muted">
              {countOf(item.pointsCost, "ponto", "pontos")} · pedido em {formatDatePtBR(item.createdAt)}
              {item.status === "cancelled" ? " · os pontos voltaram para você" : ""}
            </p>
          </div>
          <RedemptionStatusBadge status={item.status} />
        </li>
      ))}
    </ul>
  );
}
