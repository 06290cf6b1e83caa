import { ChevronLeft, ChevronRight } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { formatNumber } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import type { RosterPerson } from "#core/schemas/roster.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SearchInput } from "#web/components/ui/search-input.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useRosterPeople } from "./roster.queries.ts";

const statusLabels: Record<RosterPerson["status"], { label: string; tone: "success" | "primary" | "neutral" }> = {
  active: { label: "Ativa", tone: "success" },
  invited: { label: "Convidada", tone: "primary" },
  awaiting: { label: "Aguardando ativação", tone: "neutral" },
  left: { label: "Saiu", tone: "neutral" },
};

/** Equipe's 'Pessoas do cadastro': who the HR file brought, with matrícula, sector and where each one is. */
export function RosterPeople({ companyId }: { companyId: string | null }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim());
  const people = useRosterPeople(companyId, page, deferredSearch);
  const hasAny = (people.data?.total ?? 0) > 0 || deferredSearch !== "";
  if (people.isSuccess && !hasAny) return null;

  return (
    <section aria-labelledby="roster-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="roster-title" className="text-lg font-semibold">
          Pessoas do cadastro{people.data ? ` (${formatNumber(people.data.total)})` : ""}
        </h2>
        <SearchInput
          label="Buscar por nome ou matrícula"
          className="sm:w-72"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <QueryPanel
        query={people}
        errorMessage={loadFailed("as pessoas do cadastro")}
        loading={<Skeleton className="h-64 w-full" />}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <div className="space-y-3">
              {data.items.length === 0 ? (
                <p className="text-sm text-muted">Ninguém encontrado com essa busca.</p>
              ) : (
                <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
                  {data.items.map((person) => (
                    <li
                      key={person.id}
                      className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <div className="min-w-0">
                        <p className="font-medium wrap-anywhere">{person.name}</p>
                        <p className="text-sm text-muted wrap-anywhere">
                          Matrícula {person.matricula} · CPF •••.•••.•••-{person.cpfLast2}
                          {person.jobTitle ? ` · ${person.jobTitle}` : ""}
                        </p>
                        <p className="text-sm text-muted wrap-anywhere">Setor: {person.sector ?? "sem setor"}</p>
                      </div>
                      <Badge tone={statusLabels[person.status].tone} className="self-start sm:self-center">
                        {statusLabels[person.status].label}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
              {pages > 1 ? (
                <nav aria-label="Páginas do cadastro" className="flex items-center justify-between gap-3">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    <ChevronLeft aria-hidden className="size-4" /> Anterior
                  </Button>
                  <span className="text-sm text-muted">
                    Página {page} de {pages}
                  </span>
                  <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    Próxima <ChevronRight aria-hidden className="size-4" />
                  </Button>
                </nav>
              ) : null}
            </div>
          );
        }}
      </QueryPanel>
    </section>
  );
}
