/** Configurações › Sessões ativas: the person's sessions, ending one or all the others (docs/decisions/032). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ActiveSessionList, SessionsEnded } from "#core/schemas/sessions.ts";
import { api } from "#web/lib/api.ts";

const activeSessionsKey = ["me", "sessions"] as const;

export function useActiveSessions() {
  return useQuery({
    queryKey: activeSessionsKey,
    queryFn: () => api<ActiveSessionList>("/api/me/sessions"),
  });
}

/** `id` ends that session; null ends every session but this one. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id
        ? api<SessionsEnded>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: "DELETE" })
        : api<SessionsEnded>("/api/me/sessions/end-others", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activeSessionsKey }),
  });
}
