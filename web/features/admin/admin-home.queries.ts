/** GET /api/admin/home: the platform admin's home (docs/decisions/050). */
import { useQuery } from "@tanstack/react-query";
import type { AdminHome } from "#core/schemas/admin-home.ts";
import { api } from "#web/lib/api.ts";

const adminHomeKeys = { home: ["admin", "home"] as const };

export function useAdminHome(enabled: boolean) {
  return useQuery({
    queryKey: adminHomeKeys.home,
    queryFn: () => api<AdminHome>("/api/admin/home"),
    enabled,
    refetchInterval: 60_000,
  });
}
