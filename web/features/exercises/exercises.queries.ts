import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Completion, Exercise } from "#core/schemas/exercises.ts";
import { api } from "#web/lib/api.ts";
import { contentKeys, exerciseKeys, meQueryKey, progressKeys } from "#web/lib/query-keys.ts";

export function useExercises() {
  return useQuery({ queryKey: exerciseKeys.library, queryFn: () => api<Exercise[]>("/api/exercises") });
}

export function useQuickExercises() {
  return useQuery({ queryKey: exerciseKeys.quick, queryFn: () => api<Exercise[]>("/api/exercises/quick") });
}

export function useCompleteExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Completion>(`/api/exercises/${id}/complete`, { body: {} }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: exerciseKeys.all }),
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
        queryClient.invalidateQueries({ queryKey: contentKeys.all }),
      ]),
  });
}
