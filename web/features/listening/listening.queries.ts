import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CaseStatus } from "#core/listening.ts";
import type {
  CaseSummary,
  CaseUpdateInput,
  FollowedCase,
  FollowInput,
  FollowReplyInput,
  HandlerCase,
  HandlerChoices,
  HandlerMessageInput,
  ListeningFigures,
  NewCaseInput,
  NewCaseReply,
} from "#core/schemas/listening.ts";
import { api } from "#web/lib/api.ts";

const listeningKey = ["escuta"] as const;

export function useHandlerChoices() {
  return useQuery({
    queryKey: [...listeningKey, "responsaveis"],
    queryFn: () => api<HandlerChoices>("/api/escuta/responsaveis"),
  });
}

export function useNewCase() {
  return useMutation({
    mutationFn: (input: NewCaseInput) => api<NewCaseReply>("/api/escuta/casos", { method: "POST", body: input }),
  });
}

/** Protocol and secret are never cached: each read is a POST the page keeps only while open. */
export function useFollowCase() {
  return useMutation({
    mutationFn: (input: FollowInput) => api<FollowedCase>("/api/escuta/acompanhar", { method: "POST", body: input }),
  });
}

export function useFollowReply() {
  return useMutation({
    mutationFn: (input: FollowReplyInput) =>
      api<FollowedCase>("/api/escuta/acompanhar/mensagens", { method: "POST", body: input }),
  });
}

export function useCaseList(status: CaseStatus | "") {
  return useQuery({
    queryKey: [...listeningKey, "casos", status],
    queryFn: () => api<{ items: CaseSummary[] }>(`/api/escuta/casos${status ? `?status=${status}` : ""}`),
  });
}

export function useHandlerCase(id: string) {
  return useQuery({
    queryKey: [...listeningKey, "caso", id],
    queryFn: () => api<HandlerCase>(`/api/escuta/casos/${id}`),
  });
}

export function useHandlerMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HandlerMessageInput) =>
      api<{ ok: true }>(`/api/escuta/casos/${id}/mensagens`, { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listeningKey }),
  });
}

export function useUpdateCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CaseUpdateInput) => api(`/api/escuta/casos/${id}`, { method: "PATCH", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listeningKey }),
  });
}

export function useListeningFigures(companyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...listeningKey, "numeros", companyId ?? ""],
    queryFn: () => api<ListeningFigures>(`/api/escuta/numeros${companyId ? `?companyId=${companyId}` : ""}`),
    enabled,
  });
}
