import { Building2 } from "lucide-react";
import { useRef } from "react";
import { loadFailed } from "#core/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import type { useAdminCompanies } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";
import { CompanyCard } from "./company-card.tsx";

function CompanySkeletons() {
  return (
    <div className="space-y-6">
      {[0, 1].map((key) => (
        <div key={key} className="space-y-4 rounded-lg border border-border bg-surface p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-48 max-w-full" />
              <Skeleton className="h-4 w-32" />
            </div>
          </div>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ))}
    </div>
  );
}

/** Every company as a card (spec 2 'Administration'), with loading, error and empty states. */
export function CompanyList({ query }: { query: ReturnType<typeof useAdminCompanies> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="empresas-titulo" className="space-y-4">
      <h2 id="empresas-titulo" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Empresas{query.data ? ` (${query.data.length})` : ""}
      </h2>
      <QueryPanel query={query} errorMessage={loadFailed("as empresas")} loading={<CompanySkeletons />}>
        {(companies) =>
          companies.length === 0 ? (
            <EmptyState icon={Building2} title="Nenhuma empresa cadastrada ainda">
              Use o botão Nova empresa para cadastrar a primeira e convidar quem vai fazer a gestão dela.
            </EmptyState>
          ) : (
            <div className="space-y-6">
              {companies.map((company) => (
                <CompanyCard key={company.id} company={company} onDeleted={() => heading.current?.focus()} />
              ))}
            </div>
          )
        }
      </QueryPanel>
      {query.isError ? (
        <p className="text-center text-sm text-muted">{adminActionError("carregar empresas", query.error)}</p>
      ) : null}
    </section>
  );
}
