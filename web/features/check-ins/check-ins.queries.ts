import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CheckInInput, CheckInMonth, CreatedCheckIn, TodayCheckIn } from "#core/schemas/check-ins.ts";
import { meQueryKey } from "#web/features/auth/auth.queries.ts";
import { progressKeys } from "#web/features/progress/progress.queries.ts";
import { api } from "#web/lib/api.ts";

export const checkInKeys = {
  today: ["check-ins", "today"] as const,
  month: (month: string) => ["check-ins", "month", month] as const,
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["check-ins"] }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: progressKeys.all }),
      ]),
  });
}
