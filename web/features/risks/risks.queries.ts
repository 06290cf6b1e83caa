import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InventoryPreview } from "#core/schemas/risk-inventory.ts";
import type { Assessment, CampaignFigures, RiskOverview } from "#core/schemas/risk-responses.ts";
import { api } from "#web/lib/api.ts";

/** Every key starts with `all`: any write of the module refreshes them all. */
export const riskKeys = {
  all: ["risks"] as const,
  overview: (companyId: string | null) => ["risks", companyId] as const,
  figures: (companyId: string | null, campaignId: string | null) =>
    ["risks", companyId, "figures", campaignId] as const,
  assessments: (companyId: string | null, campaignId: string | null) =>
    ["risks", companyId, "assessments", campaignId] as const,
  preview: (companyId: string | null, campaignId: string) =>
    ["risks", companyId, "inventory-preview", campaignId] as const,
};

export function scopeQuery(companyId: string | null): string {
  return companyId ? `?companyId=${encodeURIComponent(companyId)}` : "";
}

export function useRiskOverview(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: riskKeys.overview(companyId),
    queryFn: () => api<RiskOverview>(`/api/risks${scopeQuery(companyId)}`),
    enabled,
  });
}

export function useCampaignFigures(companyId: string | null, campaignId: string | null) {
  return useQuery({
    queryKey: riskKeys.figures(companyId, campaignId),
    queryFn: () => api<CampaignFigures>(`/api/risks/campaigns/${campaignId}/results${scopeQuery(companyId)}`),
    enabled: Boolean(campaignId),
  });
}

export function useAssessments(companyId: string | null, campaignId: string | null) {
  return useQuery({
    queryKey: riskKeys.assessments(companyId, campaignId),
    queryFn: () => api<Assessment[]>(`/api/risks/campaigns/${campaignId}/assessments${scopeQuery(companyId)}`),
    enabled: Boolean(campaignId),
  });
}

/** Any write of the module: sends the company for an admin, then refreshes every /api/risks query. */
export function useRiskWrite(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      path,
      method = "POST",
      body,
    }: {
      path: string;
      method?: string;
      body?: Record<string, unknown> | FormData;
    }) =>
      api<{ message: string; id?: string }>(body instanceof FormData ? `${path}${scopeQuery(companyId)}` : path, {
        method,
        body: body instanceof FormData ? body : { ...(body ?? {}), ...(companyId ? { companyId } : {}) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: riskKeys.all }),
  });
}

/** What publishing the campaign's inventory now would hold and leave out (docs/decisions/059); read when the dialog opens. */
export function useInventoryPreview(companyId: string | null, campaignId: string, enabled: boolean) {
  return useQuery({
    queryKey: riskKeys.preview(companyId, campaignId),
    queryFn: () =>
      api<InventoryPreview>(`/api/risks/campaigns/${campaignId}/inventory-preview${scopeQuery(companyId)}`),
    enabled,
    // Each opening asks again: an assessment saved a moment ago changes what the version holds.
    staleTime: 0,
  });
}
