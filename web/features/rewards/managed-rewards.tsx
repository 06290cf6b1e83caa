import { Gift, Pencil, Plus } from "lucide-react";
import { useState } from "react";
import { countOf } from "#core/format.ts";
import type { ManagedReward } from "#core/schemas/rewards.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { RewardForm } from "./reward-form.tsx";
import type { CatalogueSide } from "./rewards.queries.ts";

const intro: Record<CatalogueSide, string> = {
  company: "Recompensas só da sua empresa, como meio dia de folga, um livro ou uma doação em nome da pessoa.",
  admin:
    "O catálogo do Sereno, oferecido aos membros de todas as empresas. Aqui você vê quantos resgates cada item teve, nunca quem resgatou.",
};

/** A catalogue's rewards with their counts, and the form to add or edit one. */
export function ManagedRewards({ side, rewards }: { side: CatalogueSide; rewards: ManagedReward[] }) {
  const [editing, setEditing] = useState<ManagedReward | "new" | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-muted">{intro[side]}</p>
        <Button onClick={() => setEditing("new")} className="shrink-0">
          <Plus aria-hidden className="size-4" /> Nova recompensa
        </Button>
      </div>
      {rewards.length === 0 ? (
        <EmptyState icon={Gift} title="Nenhuma recompensa cadastrada">
          Crie a primeira com “Nova recompensa”: dê um nome, o custo em pontos e, se quiser, um estoque.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
          {rewards.map((reward) => (
            <li key={reward.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {reward.title}
                  {reward.active ? null : <Badge>Pausada</Badge>}
                </p>
                <p className="text-sm text-muted">
                  {countOf(reward.pointsCost, "ponto", "pontos")} ·{" "}
                  {reward.stock === null ? "estoque ilimitado" : countOf(reward.stock, "unidade", "unidades")} ·{" "}
                  {countOf(reward.pending, "pendente", "pendentes")} ·{" "}
                  {countOf(reward.delivered, "entregue", "entregues")}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setEditing(reward)}
                aria-label={`Editar ${reward.title}`}
                className="self-start sm:self-auto"
              >
                <Pencil aria-hidden className="size-4" /> Editar
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        title={editing === "new" ? "Nova recompensa" : "Editar recompensa"}
      >
        {editing !== null ? (
          <RewardForm
            key={editing === "new" ? "new" : editing.id}
            side={side}
            reward={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
