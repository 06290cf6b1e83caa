/**
 * The handler's menu entry (issue 45, docs/decisions/067): whether the viewer handles their company's
 * Canal de escuta cases, and how many no handler has opened yet. Only people of a company may be
 * handlers; only handlers ask for the count (others would get the server's 403).
 */
import { useQuery } from "@tanstack/react-query";
import type { HandlerChoices, NewCaseCount } from "#core/schemas/listening.ts";
import type { Me } from "#core/schemas/me.ts";
import { api } from "./api.ts";
import { listeningKeys } from "./query-keys.ts";

type NewCases = { handlesCases: boolean; count: number };

export function useNewCases(me: Me): NewCases {
  const mayHandle = (me.role === "user" || me.role === "manager") && me.companyId !== null;
  const choices = useQuery({
    queryKey: listeningKeys.handlers,
    queryFn: () => api<HandlerChoices>("/api/escuta/responsaveis"),
    enabled: mayHandle,
  });
  const handlesCases = mayHandle && choices.data?.isHandler === true;
  const count = useQuery({
    queryKey: listeningKeys.newCount,
    queryFn: () => api<NewCaseCount>("/api/escuta/casos/novos"),
    enabled: handlesCases,
  });
  return { handlesCases, count: count.data?.count ?? 0 };
}

/** What a screen reader hears after the entry's name: '1 caso novo', '3 casos novos'. */
export function newCasesText(count: number): string {
  return count === 1 ? "1 caso novo" : `${count} casos novos`;
}
