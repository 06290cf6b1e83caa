import { Building2, SearchX } from "lucide-react";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { formatNumber } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Pager } from "#web/components/pager.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useAdminCompanies } from "./admin.queries.ts";
import { adminActionError } from "./admin-error.ts";
import { CompanyCard } from "./company-card.tsx";

function CompanySkeletons() {
  return (
    <div className="space-y-4">
      {[0, 1, 2].map((key) => (
        <div key={key} className="space-y-3 rounded-lg border border-border bg-surface p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-48 max-w-full" />
              <Skeleton className="h-4 w-32" />
            </div>
          </div>
          <Skeleton className="h-12 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The companies (spec 2 'Administration'), 20 a page, newest first, each a compact card; 'Buscar empresa'
 * finds one by name among hundreds (docs/decisions/054). Loading, error and empty states as elsewhere.
 */
export function CompanyList() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The search and the page live in the address (?q=&pagina=): a reload or 'Voltar' keeps them.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get("q") ?? "");
  const page = Math.max(1, Math.trunc(Number(params.get("pagina"))) || 1);
  function setAddress(q: string, nextPage: number) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q.trim()) next.set("q", q);
        else next.delete("q");
        if (nextPage > 1) next.set("pagina", String(nextPage));
        else next.delete("pagina");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  const q = useDeferredValue(search.trim());
  const query = useAdminCompanies(q, page);
  const total = query.data?.total;
  const lastPage = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  // Deleting the last company of the last page: step back to the page that still has some.
  useEffect(() => {
    if (!query.data || query.isPlaceholderData || page <= lastPage) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (lastPage > 1) next.set("pagina", String(lastPage));
        else next.delete("pagina");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [query.data, query.isPlaceholderData, page, lastPage, setParams]);

  function goTo(next: number) {
    setAddress(search, next);
    heading.current?.focus();
  }

  return (
    <section aria-labelledby="empresas-titulo" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="empresas-titulo" ref={heading} tabIndex={-1} className="text-lg font-semibold">
          Empresas{total !== undefined ? ` (${formatNumber(total)})` : ""}
        </h2>
        <SearchInput
          label="Buscar empresa"
          className="sm:w-80"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setAddress(event.target.value, 1);
          }}
        />
      </div>
      <QueryPanel query={query} errorMessage={loadFailed("as empresas")} loading={<CompanySkeletons />}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          if (data.items.length === 0 && q !== "") {
            return (
              <EmptyState icon={SearchX} title={`Nenhuma empresa encontrada para “${q}”`}>
                Confira a grafia ou busque por uma parte do nome.
              </EmptyState>
            );
          }
          if (data.items.length === 0) {
            return (
              <EmptyState icon={Building2} title="Nenhuma empresa cadastrada ainda">
                Use o botão Nova empresa para cadastrar a primeira e convidar quem vai fazer a gestão dela.
              </EmptyState>
            );
          }
          return (
            <div className="space-y-4">
              <ul className="space-y-4" aria-busy={query.isPlaceholderData}>
                {data.items.map((company) => (
                  <li key={company.id}>
                    <CompanyCard company={company} onDeleted={() => heading.current?.focus()} />
                  </li>
                ))}
              </ul>
              <Pager
                label="Páginas de empresas"
                page={data.page}
                pages={pages}
                isFetching={query.isFetching}
                onPage={goTo}
              />
            </div>
          );
        }}
      </QueryPanel>
      {query.isError ? (
        <p className="text-center text-sm text-muted">{adminActionError("carregar empresas", query.error)}</p>
      ) : null}
    </section>
  );
}
