import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AttendanceInput,
  FacilitatedSession,
  FeedbackInput,
  GroupSessionInput,
  GroupSessionUpdate,
  ManagedList,
  MemberSession,
  SessionOptions,
} from "#core/schemas/group-sessions.ts";
import { api } from "#web/lib/api.ts";

/** Whose sessions a manager's screen shows: one company (admins choose) or the admins' open webinars. */
export type ManageScope = { companyId: string | null; isPlatform: boolean };

function manageQuery(scope: ManageScope): string {
  if (scope.isPlatform) return "?audience=platform";
  return scope.companyId ? `?companyId=${encodeURIComponent(scope.companyId)}` : "";
}

const keys = {
  all: ["group-sessions"] as const,
  mine: ["group-sessions", "mine"] as const,
  facilitating: ["group-sessions", "facilitating"] as const,
  options: (scope: ManageScope) => ["group-sessions", "options", scope.companyId, scope.isPlatform] as const,
  manage: (scope: ManageScope) => ["group-sessions", "manage", scope.companyId, scope.isPlatform] as const,
};

export function useMySessions(enabled = true) {
  return useQuery({ queryKey: keys.mine, queryFn: () => api<MemberSession[]>("/api/group-sessions"), enabled });
}

export function useManagedSessions(scope: ManageScope, enabled = true) {
  return useQuery({
    queryKey: keys.manage(scope),
    queryFn: () => api<ManagedList>(`/api/group-sessions/manage${manageQuery(scope)}`),
    enabled,
  });
}

function useInvalidating<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export function useCreateSession() {
  return useInvalidating((input: GroupSessionInput) =>
    api<{ message: string }>("/api/group-sessions", { body: input }),
  );
}

export function useUpdateSession(id: string) {
  return useInvalidating((input: GroupSessionUpdate) =>
    api<{ message: string }>(`/api/group-sessions/${id}`, { method: "PATCH", body: input }),
  );
}

export function useCancelSession() {
  return useInvalidating((id: string) =>
    api<{ message: string }>(`/api/group-sessions/${id}/cancel`, { method: "POST", body: {} }),
  );
}

export function useMarkAttendance(id: string) {
  return useInvalidating((input: AttendanceInput) =>
    api<{ message: string }>(`/api/group-sessions/${id}/attendance`, { method: "PUT", body: input }),
  );
}

export function useRegistration() {
  return useInvalidating(({ id, isCancel }: { id: string; isCancel: boolean }) =>
    api<{ message: string }>(
      `/api/group-sessions/${id}/registration`,
      isCancel ? { method: "DELETE" } : { method: "POST", body: {} },
    ),
  );
}

export function useGiveFeedback(id: string) {
  return useInvalidating((input: FeedbackInput) =>
    api<{ message: string }>(`/api/group-sessions/${id}/feedback`, { body: input }),
  );
}

/** The form's choices: the company's sectors and the platform's verified psychologists. */
export function useSessionOptions(scope: ManageScope) {
  return useQuery({
    queryKey: keys.options(scope),
    queryFn: () => api<SessionOptions>(`/api/group-sessions/options${manageQuery(scope)}`),
  });
}

/** A psychologist's sessions, with who has a place (docs/decisions/024). */
export function useFacilitating(enabled = true) {
  return useQuery({
    queryKey: keys.facilitating,
    queryFn: () => api<FacilitatedSession[]>("/api/group-sessions/facilitating"),
    enabled,
  });
}

export function useUploadMaterial(sessionId: string) {
  return useInvalidating((file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api<{ message: string }>(`/api/group-sessions/${sessionId}/materials`, { body });
  });
}

export function useRemoveMaterial(sessionId: string) {
  return useInvalidating((materialId: string) =>
    api<{ message: string }>(`/api/group-sessions/${sessionId}/materials/${materialId}`, { method: "DELETE" }),
  );
}
