import { Building2, Gift, Sparkles } from "lucide-react";
import { useState } from "react";
import { countOf, formatNumber } from "#core/format.ts";
import { rewardMessages } from "#core/reward-messages.ts";
import { canAfford, isInStock } from "#core/rewards.ts";
import type { Catalogue, CatalogueItem } from "#core/schemas/rewards.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { usePoints } from "#web/lib/points.ts";
import { toast } from "#web/lib/toast.ts";
import { useRedeem } from "./rewards.queries.ts";

/** What the member can buy: each reward with its cost, stock and a 'Resgatar' that asks first. */
export function RewardCatalogue({ catalogue }: { catalogue: Catalogue }) {
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);
  const redeem = useRedeem();
  const balance = usePoints().data?.balance ?? 0;

  const confirm = async () => {
    if (!chosen) return;
    try {
      await redeem.mutateAsync(chosen.id);
      toast.success(rewardMessages.redeemed);
      setChosen(null);
    } catch (error) {
      // The server's own reason when it has one (sold out, points missing); the spec's message otherwise.
      const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
      toast.error(known ? error.message : rewardMessages.redeemFailed);
      setChosen(null);
    }
  };

  if (catalogue.items.length === 0) {
    return (
      <EmptyState icon={Gift} title="Nenhuma recompensa disponível ainda">
        Quando sua empresa ou o Sereno cadastrarem recompensas, elas aparecem aqui.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {catalogue.items.map((item) => {
          const inStock = isInStock(item.stock);
          const affordable = canAfford(balance, item.pointsCost);
          return (
            <li
              key={item.id}
              className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-soft"
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold">{item.title}</h3>
                <Badge tone={item.scope === "company" ? "primary" : "neutral"} className="shrink-0">
                  {item.scope === "company" ? (
                    <Building2 aria-hidden className="size-3.5" />
                  ) : (
                    <Sparkles aria-hidden className="size-3.5" />
                  )}
                  {item.scope === "company" ? "Da sua empresa" : "Sereno"}
                </Badge>
              </div>
              {item.description ? <p className="text-sm text-muted">{item.description}</p> : null}
              <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
                <div>
                  <p className="text-lg font-semibold text-accent">{countOf(item.pointsCost, "ponto", "pontos")}</p>
                  <p className="text-xs text-muted">
                    {item.stock === null
                      ? "Sem limite de unidades"
                      : inStock
                        ? `${countOf(item.stock, "unidade restante", "unidades restantes")}`
                        : "Esgotada"}
                  </p>
                </div>
                {catalogue.canRedeem ? (
                  <Button
                    variant={affordable && inStock ? "primary" : "secondary"}
                    disabled={!affordable || !inStock}
                    onClick={() => setChosen(item)}
                    aria-label={`Resgatar ${item.title}`}
                  >
                    Resgatar
                  </Button>
                ) : null}
              </div>
              {catalogue.canRedeem && inStock && !affordable ? (
                <p className="text-xs text-muted">Faltam {countOf(item.pointsCost - balance, "ponto", "pontos")}.</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => (open ? null : setChosen(null))}
        title={chosen ? `Resgatar ${chosen.title}?` : ""}
        description={
          chosen
            ? `Você usa ${countOf(chosen.pointsCost, "ponto", "pontos")} e fica com ${formatNumber(balance - chosen.pointsCost)}. Sua liderança recebe o pedido e avisa quando entregar.`
            : undefined
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setChosen(null)}>
            Agora não
          </Button>
          <Button onClick={() => void confirm()} disabled={redeem.isPending}>
            {redeem.isPending ? "Resgatando..." : "Confirmar resgate"}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
