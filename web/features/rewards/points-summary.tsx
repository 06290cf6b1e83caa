import { Gift } from "lucide-react";
import type { ReactNode } from "react";
import { countOf, formatNumber } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { usePoints } from "#web/lib/points.ts";

/**
 * The one points card (Recompensas and Conteúdos): the balance to spend, with
 * the lifetime total that keeps unlocking content (docs/decisions/028), and
 * the screen's own line under it.
 */
export function PointsSummary({ children }: { children?: ReactNode }) {
  const points = usePoints();
  return (
    <QueryPanel
      query={points}
      errorMessage={loadFailed("os seus pontos")}
      loading={<Skeleton className="h-24 w-full" />}
    >
      {({ balance, earned, spent }) => (
        <section aria-label="Seus pontos" className="space-y-3 rounded-lg border border-accent/30 bg-accent-soft p-5">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <div className="flex flex-1 items-center gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg">
                <Gift aria-hidden className="size-6" />
              </span>
              <div>
                <p className="text-sm text-muted">Saldo para resgatar</p>
                <p className="text-2xl font-semibold" data-testid="points-balance">
                  {countOf(balance, "ponto", "pontos")}
                </p>
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-4 text-sm sm:text-right">
              <div>
                <dt className="text-muted">Ganhos no total</dt>
                <dd className="font-medium" data-testid="points-earned">
                  {formatNumber(earned)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Usados em recompensas</dt>
                <dd className="font-medium">{formatNumber(spent)}</dd>
              </div>
            </dl>
          </div>
          {children ? <p className="text-sm text-muted">{children}</p> : null}
        </section>
      )}
    </QueryPanel>
  );
}
