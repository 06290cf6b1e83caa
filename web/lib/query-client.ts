import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api.ts";

/** Retries only what may succeed on a second try: network failures and 5xx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 2 && isApiError(error) && (error.isNetwork || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
