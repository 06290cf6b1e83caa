import { Gift } from "lucide-react";
import { countOf, formatNumber } from "#core/format.ts";
import type { PointsLedger } from "#core/schemas/rewards.ts";

/** The balance to spend, with the lifetime total that keeps unlocking content (docs/decisions/028). */
export function PointsSummary({ points }: { points: PointsLedger }) {
  return (
    <section
      aria-label="Seus pontos"
      className="flex flex-col gap-4 rounded-lg border border-accent/30 bg-accent-soft p-5 sm:flex-row sm:items-center"
    >
      <div className="flex flex-1 items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg">
          <Gift aria-hidden className="size-6" />
        </span>
        <div>
          <p className="text-sm text-muted">Saldo para resgatar</p>
          <p className="text-2xl font-semibold" data-testid="points-balance">
            {countOf(points.balance, "ponto", "pontos")}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:text-right">
        <div>
          <dt className="text-muted">Ganhos no total</dt>
          <dd className="font-medium">{formatNumber(points.earned)}</dd>
        </div>
        <div>
          <dt className="text-muted">Usados em recompensas</dt>
          <dd className="font-medium">{formatNumber(points.spent)}</dd>
        </div>
      </dl>
    </section>
  );
}
