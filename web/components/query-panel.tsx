import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ErrorPanel } from "./error-panel.tsx";

/**
 * Every data panel's three states (spec 4; LOOK 'States'): a skeleton while
 * loading, 'Não foi possível carregar …' with 'Tentar novamente' on error,
 * then the content.
 *
 * The state shown follows the query's in a deferred render: a query's answer
 * reaches React as an urgent update (TanStack Query reads its cache through
 * useSyncExternalStore), which would render the panel's content in one long
 * task; deferred, React renders it in short slices the page stays responsive
 * between (docs/decisions/021).
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
  const status = useDeferredValue(query.status);
  const data = useDeferredValue(query.data);
  if (status === "pending") {
    return (
      <div role="status" aria-label="Carregando...">
        {loading ?? <Skeleton className="h-32 w-full" />}
      </div>
    );
  }
  if (status === "error") return <ErrorPanel message={errorMessage} onRetry={() => void query.refetch()} />;
  return <>{children(data as T)}</>;
}
