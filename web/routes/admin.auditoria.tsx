import { useSearchParams } from "react-router";
import { loadFailed } from "#core/messages.ts";
import { auditQuerySchema } from "#core/schemas/audit.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { AdminRestricted } from "#web/features/admin/admin-restricted.tsx";
import { useAuditPage } from "#web/features/audit/audit.queries.ts";
import { AuditFilters, type AuditFilterValues, toAuditQuery } from "#web/features/audit/audit-filters.tsx";
import { AuditTable } from "#web/features/audit/audit-table.tsx";
import { useCompanies } from "#web/features/teams/teams.queries.ts";
import { ApiError } from "#web/lib/api.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Registro de acessos | Sereno" }];
}

export const AUDIT_PAGE_SIZE = 20;
const filterKeys = ["kind", "action", "companyId", "actor", "from", "to"] as const;

/**
 * The Registro de acessos (platform admins): who did what, when, filtered and
 * paged. The filters live in the URL, so a view can be shared or reloaded.
 * Non-admins see why they cannot (decision 003); the API refuses them anyway.
 */
export default function AdminAuditPage() {
  const me = useViewer();
  const isAdmin = me.role === "admin";
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(filterKeys.map((key) => [key, search.get(key) ?? ""])) as AuditFilterValues;
  const page = Math.max(1, Number(search.get("page")) || 1);
  const query = { ...toAuditQuery(filters), page, pageSize: AUDIT_PAGE_SIZE };
  // A shared or hand-edited URL may hold filters the API refuses: say why, before asking.
  const invalid = auditQuerySchema.safeParse(query).error?.issues[0]?.message;
  const audit = useAuditPage(query, isAdmin && !invalid);
  const companies = useCompanies(isAdmin);

  if (!isAdmin) return <AdminRestricted role={me.role} />;

  function go(values: AuditFilterValues, nextPage = 1) {
    const next = new URLSearchParams(Object.entries(toAuditQuery(values)) as Array<[string, string]>);
    if (nextPage > 1) next.set("page", String(nextPage));
    setSearch(next);
  }

  return (
    <div className="space-y-6">
      <PageIntro>
        Quem fez o quê, e quando: entradas e saídas, acessos recusados, leituras de dados da equipe e ações de
        administradores e gestores. O registro nunca mostra humor, anotações nem senhas de ninguém.
      </PageIntro>
      <AuditFilters
        key={search.toString()}
        initial={filters}
        companies={companies.data ?? []}
        onApply={(values) => go(values)}
      />
      <section aria-label="Registros">
        {invalid ? (
          <Alert tone="warning" title="Esses filtros não podem ser usados">
            <p>{invalid}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => setSearch(new URLSearchParams())}>
              Limpar filtros
            </Button>
          </Alert>
        ) : (
          <QueryPanel
            query={audit}
            errorMessage={
              audit.error instanceof ApiError && audit.error.status === 400
                ? audit.error.message
                : loadFailed("o registro de acessos")
            }
            loading={
              <div className="space-y-3">
                <Skeleton className="h-5 w-32" />
                <Skeleton className="h-64 w-full" />
              </div>
            }
          >
            {(data) => (
              <AuditTable
                data={data}
                isFetching={audit.isFetching}
                hasFilters={filterKeys.some((key) => filters[key] !== "")}
                onPage={(nextPage) => go(filters, nextPage)}
              />
            )}
          </QueryPanel>
        )}
      </section>
    </div>
  );
}
