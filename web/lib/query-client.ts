import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api.ts";
import { takeEarlyMeAnswer } from "./early-me.ts";
import { meQueryKey } from "./query-keys.ts";

/**
 * Retries only what may succeed on a second try: network failures and 5xx.
 * Starts with the session when the page's early GET /api/me has already
 * answered (web/lib/early-me.ts): the shell's first render is the real one.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 2 && isApiError(error) && (error.isNetwork || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
  const early = takeEarlyMeAnswer();
  if (early) client.setQueryData(meQueryKey, early.me, { updatedAt: early.at });
  return client;
}
