/** /api/admin/storage and /api/admin/exercises: the exercise catalogue's admin data and actions. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StorageStatus } from "#core/schemas/exercise-admin.ts";
import type { Exercise } from "#core/schemas/exercises.ts";
import { api } from "#web/lib/api.ts";
import { exerciseKeys } from "#web/lib/query-keys.ts";
import { type SendExerciseInput, sendExercise } from "./send-exercise.ts";

const exerciseAdminKeys = {
  storage: ["admin", "storage"] as const,
  /** Under ['exercises'], so one invalidation reloads this list, the library and the dashboard's picks. */
  exercises: [...exerciseKeys.all, "admin"] as const,
};

export function useStorageStatus(enabled: boolean) {
  return useQuery({
    queryKey: exerciseAdminKeys.storage,
    queryFn: () => api<StorageStatus>("/api/admin/storage"),
    enabled,
  });
}

export function useSetupStorage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<StorageStatus>("/api/admin/storage/setup", { method: "POST" }),
    onSuccess: (status) => queryClient.setQueryData(exerciseAdminKeys.storage, status),
  });
}

export function useAdminExercises(enabled: boolean) {
  return useQuery({
    queryKey: exerciseAdminKeys.exercises,
    queryFn: () => api<Exercise[]>("/api/admin/exercises"),
    enabled,
  });
}

function useInvalidateExercises() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: exerciseKeys.all });
}

export function useCreateExercise() {
  const invalidate = useInvalidateExercises();
  return useMutation({ mutationFn: (input: SendExerciseInput) => sendExercise(input), onSuccess: invalidate });
}

export function useDeleteExercise() {
  const invalidate = useInvalidateExercises();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/admin/exercises/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
