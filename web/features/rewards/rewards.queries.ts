import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Catalogue,
  ManagedReward,
  RedeemResult,
  RedemptionRequest,
  RewardInput,
  RewardPatch,
} from "#core/schemas/rewards.ts";
import { api } from "#web/lib/api.ts";
import { progressKeys } from "#web/lib/query-keys.ts";

/** 'company': a manager's own catalogue; 'admin': the platform's (docs/decisions/028). */
export type CatalogueSide = "company" | "admin";

const rewardsKeys = {
  all: ["rewards"] as const,
  catalogue: ["rewards", "catalogue"] as const,
  managed: (side: string) => ["rewards", "managed", side] as const,
  requests: ["rewards", "requests"] as const,
};
const managedUrl = (side: CatalogueSide) => (side === "company" ? "/api/company/rewards" : "/api/admin/rewards");

export function useCatalogue(enabled = true) {
  return useQuery({ queryKey: rewardsKeys.catalogue, queryFn: () => api<Catalogue>("/api/rewards"), enabled });
}

export function useRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: string) => api<RedeemResult>(`/api/rewards/${rewardId}/redeem`, { method: "POST" }),
    onSuccess: (result) => queryClient.setQueryData(progressKeys.points, result.points),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsKeys.all }),
        queryClient.invalidateQueries({ queryKey: progressKeys.points }),
      ]),
  });
}

export function useManagedRewards(side: CatalogueSide) {
  return useQuery({
    queryKey: rewardsKeys.managed(side),
    queryFn: () => api<ManagedReward[]>(managedUrl(side)),
  });
}

export function useSaveReward(side: CatalogueSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: RewardInput | RewardPatch }) =>
      api<ManagedReward & { message: string }>(id ? `${managedUrl(side)}/${id}` : managedUrl(side), {
        method: id ? "PATCH" : "POST",
        body: values,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardsKeys.all }),
  });
}

export function useRedemptionRequests() {
  return useQuery({
    queryKey: rewardsKeys.requests,
    queryFn: () => api<RedemptionRequest[]>("/api/company/redemptions"),
  });
}

export function useCloseRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: "deliver" | "cancel" }) =>
      api<{ message: string }>(`/api/company/redemptions/${id}/${outcome}`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewardsKeys.all }),
  });
}
