import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api.ts";

export type OpenSurvey = {
  id: string;
  title: string;
  companyName: string;
  notice: string;
  closesOn: string;
  instrument: {
    key: string;
    title: string;
    licence: { name: string; note: string };
    scales: Record<string, { label: string; options: { value: number; label: string }[] }>;
    items: { id: string; text: string; scale: string }[];
  };
};

export type PublishedInventory = {
  establishments: {
    name: string;
    version: number;
    publishedAt: string;
    nextReviewOn: string | null;
    lines: { sectorName: string; hazardName: string; level: string; decision: string; measuresInPlace: string }[];
    actions: { title: string; sectorName: string; hazardName: string; dueOn: string; status: string }[];
  }[];
};

export function useOpenSurvey() {
  return useQuery({
    queryKey: ["risk-survey"],
    queryFn: () => api<{ survey: OpenSurvey | null }>("/api/risks/survey"),
  });
}

export function usePublishedInventory() {
  return useQuery({ queryKey: ["risk-published"], queryFn: () => api<PublishedInventory>("/api/risks/published") });
}

export function useSubmitSurvey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, number>) =>
      api<{ message: string }>(`/api/risks/survey/${id}`, { body: { answers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["risk-survey"] }),
  });
}
