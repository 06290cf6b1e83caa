import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ErrorPanel } from "./error-panel.tsx";

/**
 * Every data panel's three states (spec 4; LOOK 'States'): a skeleton while
 * loading, 'Não foi possível carregar …' with 'Tentar novamente' on error,
 * then the content.
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
  if (query.isPending) {
    return (
      <div role="status" aria-label="Carregando...">
        {loading ?? <Skeleton className="h-32 w-full" />}
      </div>
    );
  }
  if (query.isError) return <ErrorPanel message={errorMessage} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
