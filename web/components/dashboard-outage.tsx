import type { UseQueryResult } from "@tanstack/react-query";
import { CloudOff, RotateCcw } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";

/** True when every panel of a page failed: one calm message then, not one red panel per card. */
export function isEverythingDown(queries: UseQueryResult[]): boolean {
  return queries.length > 0 && queries.every((query) => query.isError);
}

/** The page-level message of an outage, with one retry for every panel. */
export function DashboardOutage({ queries }: { queries: UseQueryResult[] }) {
  const isRetrying = queries.some((query) => query.isFetching);
  return (
    <Card role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
      <CloudOff aria-hidden className="size-9 text-muted" strokeWidth={1.5} />
      <div className="max-w-md space-y-1">
        <h2 className="text-lg font-semibold">Não conseguimos carregar o seu painel agora</h2>
        <p className="text-muted">
          Pode ser a sua conexão ou uma instabilidade passageira do Sereno. Nada do que você registrou se perdeu.
        </p>
      </div>
      <Button
        variant="secondary"
        aria-disabled={isRetrying || undefined}
        className="aria-disabled:cursor-wait aria-disabled:opacity-60"
        onClick={() => {
          if (!isRetrying) for (const query of queries) void query.refetch();
        }}
      >
        <RotateCcw aria-hidden className="size-4" /> {isRetrying ? "Tentando..." : "Tentar novamente"}
      </Button>
    </Card>
  );
}
