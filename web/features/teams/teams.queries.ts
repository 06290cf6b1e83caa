import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CompanyOption, InviteMemberInput, Team, TeamInvitesPage } from "#core/schemas/team.ts";
import { api } from "#web/lib/api.ts";
import { teamKeys } from "#web/lib/query-keys.ts";

/** `?companyId=` for an admin's chosen company; a manager's requests carry none (the server uses theirs). */
function companyQuery(companyId: string | null): string {
  return companyId ? `?companyId=${encodeURIComponent(companyId)}` : "";
}

export function useCompanies(enabled = true) {
  return useQuery({ queryKey: teamKeys.companies, queryFn: () => api<CompanyOption[]>("/api/companies"), enabled });
}

export function useTeam(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: teamKeys.team(companyId),
    queryFn: () => api<Team>(`/api/team${companyQuery(companyId)}`),
    enabled,
  });
}

/** One page of the pending invitations whose name or e-mail contains `q` (docs/decisions/058); under `teamKeys.all`, so every change reloads it. */
export function useTeamInvites(companyId: string | null, q: string, page: number) {
  const params = new URLSearchParams();
  if (companyId) params.set("companyId", companyId);
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return useQuery({
    queryKey: teamKeys.invites(companyId, q, page),
    queryFn: () => api<TeamInvitesPage>(`/api/team/invites${query ? `?${query}` : ""}`),
    placeholderData: keepPreviousData,
    // While an invitation's e-mail is on its way, look again: the list then says it went, or that it failed.
    refetchInterval: (current) =>
      current.state.data?.items.some((invite) => invite.delivery === "sending") ? 3_000 : false,
  });
}

/** 'Enviar convites': the invitations an import kept for later leave, in batches. */
export function useSendWaitingInvites(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ message: string; sent: number }>(`/api/team/invites/send-waiting${companyQuery(companyId)}`, {
        method: "POST",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useInviteMember(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteMemberInput) =>
      api<{ message: string }>("/api/team/invites", { body: { ...input, ...(companyId ? { companyId } : {}) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useRemoveMember(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<{ message: string }>(`/api/team/members/${encodeURIComponent(userId)}${companyQuery(companyId)}`, {
        method: "DELETE",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useResendInvite(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      api<{ message: string }>(`/api/team/invites/${inviteId}/resend${companyQuery(companyId)}`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useCancelInvite(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      api<{ message: string }>(`/api/team/invites/${inviteId}${companyQuery(companyId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
