import { ChevronLeft, ChevronRight, ScrollText } from "lucide-react";
import { countOf, formatDateTimePtBR } from "#core/format.ts";
import { shownEmail } from "#core/internal-address.ts";
import type { AuditEntry, AuditPage } from "#core/schemas/audit.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { actionLabel, describeDetails, targetLabel } from "./audit-format.ts";

function Details({ entry }: { entry: AuditEntry }) {
  const text = describeDetails(entry);
  return (
    <>
      <span>{targetLabel(entry.targetType)}</span>
      {text ? <span className="block text-xs text-muted">{text}</span> : null}
    </>
  );
}

/**
 * One page of the trail: a table from 768 px, a card per row below. Says how
 * many rows match and moves between pages.
 */
export function AuditTable({
  data,
  isFetching,
  hasFilters,
  onPage,
}: {
  data: AuditPage;
  isFetching: boolean;
  hasFilters: boolean;
  onPage: (page: number) => void;
}) {
  if (data.total === 0) {
    return (
      <EmptyState icon={ScrollText} title="Nenhum registro encontrado">
        {hasFilters
          ? "Nenhuma ação corresponde a esses filtros. Amplie o período ou limpe os filtros."
          : "Entradas, recusas e ações de administradores e gestores aparecerão aqui assim que acontecerem."}
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (data.items.length === 0) {
    return (
      <EmptyState icon={ScrollText} title={`Esta página não existe: são ${pages} no total`}>
        <Button variant="secondary" className="mt-2" onClick={() => onPage(1)}>
          Ir para a primeira página
        </Button>
      </EmptyState>
    );
  }
  const company = (entry: AuditEntry) => entry.companyName ?? "—";

  return (
    <div className="space-y-4" aria-busy={isFetching}>
      <p className="text-sm text-muted" aria-live="polite">
        {countOf(data.total, "registro", "registros")}
      </p>

      <Card className="hidden overflow-x-auto p-0 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Registro de acessos, página {data.page}</caption>
          <thead className="border-b border-border bg-surface-2 text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Data e hora
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Ação
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Quem fez
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Empresa
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Sobre
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {data.items.map((entry) => (
              <tr key={entry.id} className="align-top">
                <td className="whitespace-nowrap px-4 py-3 tabular-nums">{formatDateTimePtBR(entry.at)}</td>
                <td className="px-4 py-3">
                  <Badge tone="primary">{actionLabel(entry.action)}</Badge>
                </td>
                <td className="max-w-56 break-words px-4 py-3">{shownEmail(entry.actorEmail, entry.actorMatricula)}</td>
                <td className="px-4 py-3">{company(entry)}</td>
                <td className="px-4 py-3">
                  <Details entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="space-y-3 md:hidden" aria-label={`Registro de acessos, página ${data.page}`}>
        {data.items.map((entry) => (
          <li key={entry.id}>
            <Card className="space-y-2 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Badge tone="primary">{actionLabel(entry.action)}</Badge>
                <span className="text-xs tabular-nums text-muted">{formatDateTimePtBR(entry.at)}</span>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted">Quem fez</dt>
                <dd className="min-w-0 break-words">{shownEmail(entry.actorEmail, entry.actorMatricula)}</dd>
                <dt className="text-muted">Empresa</dt>
                <dd>{company(entry)}</dd>
                <dt className="text-muted">Sobre</dt>
                <dd>
                  <Details entry={entry} />
                </dd>
              </dl>
            </Card>
          </li>
        ))}
      </ul>

      {pages > 1 ? (
        <nav aria-label="Paginação" className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="secondary" disabled={data.page <= 1 || isFetching} onClick={() => onPage(data.page - 1)}>
            <ChevronLeft aria-hidden className="size-4" /> Anterior
          </Button>
          <p className="text-sm text-muted">
            Página {data.page} de {pages}
          </p>
          <Button variant="secondary" disabled={data.page >= pages || isFetching} onClick={() => onPage(data.page + 1)}>
            Próxima <ChevronRight aria-hidden className="size-4" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
