/** PHQ-9 and GAD-7 inside care (docs/decisions/079, 080): the member's side and the psychologist's. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MeasureInput, MyMeasures, PatientMeasures, SafetyAlert } from "#core/schemas/care-measures.ts";
import { api } from "#web/lib/api.ts";

export function useMyMeasures() {
  return useQuery({ queryKey: ["care", "measures", "mine"], queryFn: () => api<MyMeasures>("/api/care/measures") });
}

export function useAnswerMeasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MeasureInput) =>
      api<{ measure: MyMeasures["answered"][number]; safetyPath: boolean }>("/api/care/measures", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["care", "measures"] }),
  });
}

export function useSafetyAlerts() {
  return useQuery({
    queryKey: ["care", "measures", "alerts"],
    queryFn: () => api<SafetyAlert[]>("/api/care/measures/alerts"),
    // Each read is logged (docs/decisions/079): no refetch on every focus, a minute is soon enough.
    refetchOnWindowFocus: false,
    refetchInterval: 60_000,
  });
}

export function usePatientMeasures(memberId: string | null) {
  return useQuery({
    queryKey: ["care", "measures", "patient", memberId],
    queryFn: () => api<PatientMeasures>(`/api/care/patients/${encodeURIComponent(memberId ?? "")}/measures`),
    enabled: memberId !== null,
    refetchOnWindowFocus: false,
  });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<SafetyAlert>(`/api/care/measures/${id}/acknowledge`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["care", "measures"] }),
  });
}
