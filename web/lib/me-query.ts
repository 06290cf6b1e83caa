/**
 * GET /api/me as one set of query options: the app layout's useMe (session.ts) and the offline banner
 * (which only watches it) share them, so whichever observer a refetch goes through (on reconnect, on
 * focus, after an invalidation) runs the real request. A watcher without a queryFn once made a refetch
 * fail with TanStack's 'Missing queryFn', shown as an authentication error.
 */
import { queryOptions } from "@tanstack/react-query";
import type { Me } from "#core/schemas/me.ts";
import { ApiError, api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api<Me>("/api/me");
    } catch (error) {
      // A 401 means 'signed out', not an error.
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});
