import { Inbox } from "lucide-react";
import { Link } from "react-router";
import { formatDayPtBR } from "#core/format.ts";
import { type CaseStatus, caseCategories, caseStatuses, caseStatusIds } from "#core/listening.ts";
import { loadFailed } from "#core/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Field, Select } from "#web/components/ui/field.tsx";
import { useCaseList } from "./listening.queries.ts";
import { isNotHandler, NotHandlerPanel } from "./not-handler-panel.tsx";

/** The handler's list: the company's cases minus those the reporter kept them out of. */
export function CaseInbox({
  status,
  onStatus,
}: {
  status: CaseStatus | "";
  onStatus: (status: CaseStatus | "") => void;
}) {
  const list = useCaseList(status);
  if (isNotHandler(list.error)) return <NotHandlerPanel />;
  return (
    <div className="space-y-4">
      <Field id="escuta-filtro" label="Situação" className="max-w-xs">
        <Select id="escuta-filtro" value={status} onChange={(event) => onStatus(event.target.value as CaseStatus | "")}>
          <option value="">Todas</option>
          {caseStatusIds.map((id) => (
            <option key={id} value={id}>
              {caseStatuses[id]}
            </option>
          ))}
        </Select>
      </Field>
      <QueryPanel query={list} errorMessage={loadFailed("os casos")}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon={Inbox} title="Nenhum caso por aqui">
              Quando alguém escrever, o caso aparece nesta lista.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-border rounded-md border border-border">
              {data.items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/escuta/casos?caso=${item.id}`}
                    className="flex flex-wrap items-center gap-2 p-3 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="font-mono font-medium">{item.protocol}</span>
                    <Badge tone={item.kind === "denuncia" ? "accent" : "neutral"}>
                      {caseCategories[item.category].label}
                    </Badge>
                    <Badge tone="primary">{caseStatuses[item.status]}</Badge>
                    <span className="text-sm text-muted">
                      recebido em {formatDayPtBR(item.receivedOn)}
                      {item.deadlineOn ? ` · prazo ${formatDayPtBR(item.deadlineOn)}` : ""}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryPanel>
    </div>
  );
}
