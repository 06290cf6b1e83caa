import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ErrorPanel } from "./error-panel.tsx";

/**
 * Every data panel's three states (spec 4; LOOK 'States'): a skeleton while
 * loading, 'Não foi possível carregar …' with 'Tentar novamente' on error,
 * then the content.
 *
 * A panel's first content renders in a deferred render: a query's answer
 * reaches React as an urgent update (TanStack Query reads its cache through
 * useSyncExternalStore), which would render the whole panel in one long
 * task; deferred, React renders it in short slices the page stays responsive
 * between (docs/decisions/021). Later answers (a refetch after an edit) show
 * at once, so what an action removed is gone in the same render (focus moves
 * on from it).
 */
export function QueryPanel<T>({
  query,
  errorMessage,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  errorMessage: string;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const loadedStatus = useDeferredValue(query.status);
  if (query.isPending || loadedStatus === "pending") {
    return (
      <div role="status" aria-label="Carregando...">
        {loading ?? <Skeleton className="h-32 w-full" />}
      </div>
    );
  }
  if (query.isError) return <ErrorPanel message={errorMessage} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
