import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CheckIn,
  CheckInInput,
  CheckInMonth,
  CreatedCheckIn,
  DeletedCheckIn,
  TodayCheckIn,
} from "#core/schemas/check-ins.ts";
import { api } from "#web/lib/api.ts";
import { meQueryKey, progressKeys } from "#web/lib/query-keys.ts";

export const checkInKeys = {
  all: ["check-ins"] as const,
  today: ["check-ins", "today"] as const,
  month: (month: string) => ["check-ins", "month", month] as const,
  one: (id: string) => ["check-ins", "one", id] as const,
};

export function useTodayCheckIn() {
  return useQuery({ queryKey: checkInKeys.today, queryFn: () => api<TodayCheckIn>("/api/check-ins/today") });
}

export function useCheckInMonth(month: string) {
  return useQuery({
    queryKey: checkInKeys.month(month),
    queryFn: () => api<CheckInMonth>(`/api/check-ins?month=${month}`),
    placeholderData: (previous) => previous,
  });
}

export function useCreateCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInInput) => api<CreatedCheckIn>("/api/check-ins", { body: input }),
    // Offline, the request fails at once and the form keeps the check-in for later (docs/decisions/027),
    // instead of being paused and sent later without the moment it was made.
    networkMode: "always",
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
      ]),
  });
}

/** One of the person's own check-ins, for the calendar's day dialog. */
export function useCheckIn(id: string | null) {
  return useQuery({
    queryKey: checkInKeys.one(id ?? ""),
    queryFn: () => api<CheckIn>(`/api/check-ins/${id}`),
    enabled: Boolean(id),
  });
}

export function useUpdateCheckInNotes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string | null) => api<CheckIn>(`/api/check-ins/${id}`, { method: "PATCH", body: { notes } }),
    onSuccess: (checkIn) => {
      queryClient.setQueryData(checkInKeys.one(id), checkIn);
      return queryClient.invalidateQueries({ queryKey: checkInKeys.today });
    },
  });
}

export function useDeleteCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<DeletedCheckIn>(`/api/check-ins/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: checkInKeys.one(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
      ]);
    },
  });
}
