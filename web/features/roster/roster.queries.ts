import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  RosterApplyInput,
  RosterImport,
  RosterInspect,
  RosterPeople,
  RosterPreview,
} from "#core/schemas/roster.ts";
import type {
  ApiAdditions,
  ApiAllowanceInput,
  ApiKey,
  ApiKeyInput,
  CreatedApiKey,
  HeldPeople,
  HeldPeopleResult,
} from "#core/schemas/roster-api.ts";
import { api } from "#web/lib/api.ts";
import { teamKeys } from "#web/lib/query-keys.ts";

const rosterKeys = {
  latest: (companyId: string | null) => ["roster-latest", companyId] as const,
  people: ["roster-people"] as const,
  peoplePage: (companyId: string | null, page: number, search: string) =>
    ["roster-people", companyId, page, search] as const,
  apiKeys: (companyId: string | null, base: string) => ["api-keys", base, companyId] as const,
  apiAdditions: (companyId: string | null) => ["roster-api-additions", companyId] as const,
  held: (companyId: string | null) => ["roster-api-held", companyId] as const,
};

/** `?companyId=` for an admin's chosen company; a manager's requests carry none (the server uses theirs). */
export function companyQuery(companyId: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...(companyId ? { companyId } : {}), ...extra });
  const text = params.toString();
  return text ? `?${text}` : "";
}

function fileForm(file: File, mapping?: Record<string, number>): FormData {
  const body = new FormData();
  if (mapping) body.append("mapping", JSON.stringify(mapping));
  body.append("file", file);
  return body;
}

export function useInspectFile(companyId: string | null) {
  return useMutation({
    mutationFn: (file: File) =>
      api<RosterInspect>(`/api/roster/inspect${companyQuery(companyId)}`, { body: fileForm(file) }),
  });
}

export function usePreviewImport(companyId: string | null) {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: Record<string, number> }) =>
      api<RosterPreview>(`/api/roster/imports${companyQuery(companyId)}`, { body: fileForm(file, mapping) }),
  });
}

export function useApplyImport(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RosterApplyInput }) =>
      api<RosterImport>(`/api/roster/imports/${id}/apply${companyQuery(companyId)}`, { body: input }),
    onSuccess: (run) => queryClient.setQueryData(rosterKeys.latest(companyId), { import: run }),
  });
}

const isRunning = (run: RosterImport | null | undefined) => run?.status === "queued" || run?.status === "running";

/** The company's latest applied import: while it runs, asked again every second (the progress bar survives a reload). */
export function useLatestImport(companyId: string | null, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: rosterKeys.latest(companyId),
    queryFn: async () => {
      const latest = await api<{ import: RosterImport | null }>(`/api/roster/imports/latest${companyQuery(companyId)}`);
      if (latest.import?.status === "done") {
        void queryClient.invalidateQueries({ queryKey: rosterKeys.people });
        void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      }
      return latest;
    },
    enabled,
    refetchInterval: (query) => (isRunning(query.state.data?.import) ? 1_000 : false),
  });
}

export function useRosterPeople(companyId: string | null, page: number, search: string, enabled = true) {
  return useQuery({
    queryKey: rosterKeys.peoplePage(companyId, page, search),
    queryFn: () =>
      api<RosterPeople>(
        `/api/roster/people${companyQuery(companyId, { page: String(page), ...(search ? { search } : {}) })}`,
      ),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** The HR API's keys (docs/decisions/044): listed without their secret; a new one's secret comes once. */
/** A company key's routes: the HR API's, or the Resultados feed's (docs/decisions/088): the same machinery. */
export const HR_API_KEYS = "/api/roster/api-keys";

export function useApiKeys(companyId: string | null, base = HR_API_KEYS) {
  return useQuery({
    queryKey: rosterKeys.apiKeys(companyId, base),
    queryFn: () => api<{ items: ApiKey[] }>(`${base}${companyQuery(companyId)}`),
  });
}

export function useCreateApiKey(companyId: string | null, base = HR_API_KEYS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => api<CreatedApiKey>(`${base}${companyQuery(companyId)}`, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKeys.apiKeys(companyId, base) }),
  });
}

export function useRevokeApiKey(companyId: string | null, base = HR_API_KEYS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKey>(`${base}/${id}${companyQuery(companyId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKeys.apiKeys(companyId, base) }),
  });
}

/** The HR API's day of additions (docs/decisions/057): the cap, what keys added, what the admin allowed. */
export function useApiAdditions(companyId: string | null) {
  return useQuery({
    queryKey: rosterKeys.apiAdditions(companyId),
    queryFn: () => api<ApiAdditions>(`/api/roster/api-additions${companyQuery(companyId)}`),
  });
}

/** The platform admin allows more additions for the next 24 hours (an admin's chosen company only). */
export function useAllowAdditions(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiAllowanceInput) =>
      api<ApiAdditions>(`/api/admin/companies/${companyId}/roster-api-allowance`, { body: input }),
    onSuccess: (today) => queryClient.setQueryData(rosterKeys.apiAdditions(companyId), today),
  });
}

/** People an HR key sent past the day's cap, waiting for the manager (docs/decisions/085). */
export function useHeldPeople(companyId: string | null) {
  return useQuery({
    queryKey: rosterKeys.held(companyId),
    queryFn: () => api<HeldPeople>(`/api/roster/api-held${companyQuery(companyId)}`),
  });
}

/** Confirms (created and invited) or discards held people; the list, the roster and the day's count change. */
export function useDecideHeld(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: "confirm" | "discard"; ids: string[] }) =>
      api<HeldPeopleResult>(`/api/roster/api-held/${action}${companyQuery(companyId)}`, { body: { ids } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rosterKeys.held(companyId) }),
        queryClient.invalidateQueries({ queryKey: rosterKeys.people }),
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ]);
    },
  });
}
