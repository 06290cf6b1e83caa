/** The member's own WHO-5 (docs/decisions/078): status and results, consent, answer, 'Agora não'. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Who5Result, Who5Status } from "#core/schemas/who5.ts";
import { WHO5_CONSENT_VERSION } from "#core/who5.ts";
import { api } from "#web/lib/api.ts";

const who5QueryKey = ["me", "who5"] as const;

export function useWho5() {
  return useQuery({ queryKey: who5QueryKey, queryFn: () => api<Who5Status>("/api/me/who5") });
}

function useWho5Mutation<T, V = void>(send: (value: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: who5QueryKey }),
  });
}

export function useGiveWho5Consent() {
  return useWho5Mutation(() =>
    api<{ message: string }>("/api/me/who5/consent", { body: { version: WHO5_CONSENT_VERSION } }),
  );
}

export function useRevokeWho5Consent() {
  return useWho5Mutation(() => api<{ message: string }>("/api/me/who5/consent", { method: "DELETE" }));
}

export function useDismissWho5() {
  return useWho5Mutation(() => api<{ message: string }>("/api/me/who5/dismissal", { method: "POST" }));
}

export function useAnswerWho5() {
  return useWho5Mutation((answers: (number | null)[]) =>
    api<{ result: Who5Result; message: string }>("/api/me/who5/answers", { body: { answers } }),
  );
}
