/** GET/POST/DELETE /api/admin/companies…: the admin screen's data and actions (a page at a time: decision 054). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Plan } from "#core/plans.ts";
import type { AdminAddMemberInput, AdminCompanyPage, AdminCompanyPeople } from "#core/schemas/admin.ts";
import { api } from "#web/lib/api.ts";
import { teamKeys } from "#web/lib/query-keys.ts";

export const adminKeys = {
  companies: ["admin", "companies"] as const,
  companyPage: (q: string, page: number) => ["admin", "companies", "list", q, page] as const,
  people: (companyId: string) => ["admin", "companies", companyId, "people"] as const,
  peoplePage: (companyId: string, q: string, page: number) =>
    ["admin", "companies", companyId, "people", q, page] as const,
  /** A company's Canal de escuta settings (company-listening.tsx). */
  listening: (companyId: string) => ["escuta", "admin", companyId] as const,
  sso: (companyId: string) => ["admin", "sso", companyId] as const,
  scim: (companyId: string) => ["admin", "scim", companyId] as const,
};

type Message = { message: string };
export type NewCompany = { name: string; manager_name: string; manager_email: string; plan: Plan };

function companyPath(companyId: string): string {
  return `/api/admin/companies/${encodeURIComponent(companyId)}`;
}

/** `?q=&page=`, left out when they are the defaults (the first page of everything is plain /api/admin/companies). */
function searchQuery(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** One page of companies whose name contains `q`; the last page stays on screen while the next loads. */
export function useAdminCompanies(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.companyPage(q.trim(), page),
    queryFn: () => api<AdminCompanyPage>(`/api/admin/companies${searchQuery(q, page)}`),
    placeholderData: keepPreviousData,
  });
}

/** One page of a company's members and pending invites, read only while its 'Membros' is open. */
export function useCompanyPeople(companyId: string, q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.peoplePage(companyId, q.trim(), page),
    queryFn: () => api<AdminCompanyPeople>(`${companyPath(companyId)}/members${searchQuery(q, page)}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every admin change reloads the list, and the company pickers of /team and /reports. */
function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.companies }),
      queryClient.invalidateQueries({ queryKey: teamKeys.companies }),
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    ]);
}

export function useCreateCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (input: NewCompany) => api<{ id: string } & Message>("/api/admin/companies", { body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (companyId: string) => api<Message>(companyPath(companyId), { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

/** PATCH …/plan (docs/decisions/058): the card, the list's seats and /team's banner all reload. */
export function useChangeCompanyPlan(companyId: string) {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (plan: Plan) => api<Message>(`${companyPath(companyId)}/plan`, { method: "PATCH", body: { plan } }),
    onSuccess: invalidate,
  });
}

export function useAddCompanyMember(companyId: string) {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (input: AdminAddMemberInput) => api<Message>(`${companyPath(companyId)}/members`, { body: input }),
    onSuccess: invalidate,
  });
}

export function useRemoveCompanyMember(companyId: string) {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (userId: string) =>
      api<Message>(`${companyPath(companyId)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
}
