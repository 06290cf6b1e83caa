/** GET/POST/DELETE /api/admin/companies…: the admin screen's data and actions. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Plan } from "#core/plans.ts";
import type { AdminAddMemberInput, AdminCompany } from "#core/schemas/admin.ts";
import { api } from "#web/lib/api.ts";

const adminKeys = { companies: ["admin", "companies"] as const };

type Message = { message: string };
export type NewCompany = { name: string; manager_name: string; manager_email: string; plan: Plan };

function companyPath(companyId: string): string {
  return `/api/admin/companies/${encodeURIComponent(companyId)}`;
}

export function useAdminCompanies(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.companies,
    queryFn: () => api<AdminCompany[]>("/api/admin/companies"),
    enabled,
  });
}

/** Every admin change reloads the list, and the company pickers of /team and /reports. */
function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.companies }),
      queryClient.invalidateQueries({ queryKey: ["companies"] }),
      queryClient.invalidateQueries({ queryKey: ["team"] }),
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
