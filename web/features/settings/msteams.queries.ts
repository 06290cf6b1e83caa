/** GET/PUT/DELETE /api/me/msteams and its link (docs/decisions/095): the member's own Teams for reminders. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MsteamsPendingLink, MyMsteams } from "#core/schemas/msteams.ts";
import { api } from "#web/lib/api.ts";

const msteamsKey = ["me", "msteams"] as const;

export function useMyMsteams() {
  return useQuery({ queryKey: msteamsKey, queryFn: () => api<MyMsteams>("/api/me/msteams") });
}

function useMsteamsChange<T>(request: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: msteamsKey }),
  });
}

export const useOptMsteams = () =>
  useMsteamsChange((optedIn: boolean) =>
    api<{ message: string }>("/api/me/msteams", { method: "PUT", body: { optedIn } }),
  );

export const useUnlinkMsteams = () =>
  useMsteamsChange(() => api<{ message: string }>("/api/me/msteams", { method: "DELETE" }));

export function usePendingLink(code: string) {
  return useQuery({
    queryKey: ["me", "msteams", "link", code],
    queryFn: () => api<MsteamsPendingLink>(`/api/me/msteams/link?code=${encodeURIComponent(code)}`),
    retry: false,
  });
}

export const useBindMsteams = () =>
  useMsteamsChange((code: string) => api<{ message: string }>("/api/me/msteams/link", { body: { code } }));
