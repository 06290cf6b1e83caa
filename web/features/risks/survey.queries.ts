import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PublishedInventory } from "#core/schemas/risk-inventory.ts";
import type { OpenSurvey } from "#core/schemas/risk-responses.ts";
import { api } from "#web/lib/api.ts";

const surveyKeys = { open: ["risk-survey"] as const, published: ["risk-published"] as const };

export function useOpenSurvey() {
  return useQuery({
    queryKey: surveyKeys.open,
    queryFn: () => api<{ survey: OpenSurvey | null }>("/api/risks/survey"),
  });
}

export function usePublishedInventory() {
  return useQuery({ queryKey: surveyKeys.published, queryFn: () => api<PublishedInventory>("/api/risks/published") });
}

export function useSubmitSurvey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, number>) =>
      api<{ message: string }>(`/api/risks/survey/${id}`, { body: { answers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.open }),
  });
}
