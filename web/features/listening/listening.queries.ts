import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CaseStatus } from "#core/listening.ts";
import { messages } from "#core/messages.ts";
import type {
  Attachment,
  CaseSummary,
  CaseUpdateInput,
  FollowedCase,
  FollowInput,
  FollowReplyInput,
  HandlerCase,
  HandlerChoices,
  HandlerMessageInput,
  ListeningFigures,
  NewCaseInput,
  NewCaseReply,
} from "#core/schemas/listening.ts";
import { ApiError, api, apiErrorOf } from "#web/lib/api.ts";
import { listeningKeys } from "#web/lib/query-keys.ts";

/** A message with files goes as multipart: its JSON in `dados`, each file as `anexo` (docs/decisions/052). */
function messageBody(input: object, files: File[]): object | FormData {
  if (files.length === 0) return input;
  const form = new FormData();
  form.append("dados", JSON.stringify(input));
  for (const file of files) form.append("anexo", file, file.name);
  return form;
}

const listeningKey = {
  ...listeningKeys,
  cases: (status: string) => [...listeningKeys.all, "casos", status] as const,
  case: (id: string) => [...listeningKeys.all, "caso", id] as const,
  figures: (companyId: string | undefined) => [...listeningKeys.all, "numeros", companyId ?? ""] as const,
};

export function useHandlerChoices() {
  return useQuery({
    queryKey: listeningKey.handlers,
    queryFn: () => api<HandlerChoices>("/api/escuta/responsaveis"),
  });
}

export function useNewCase() {
  return useMutation({
    mutationFn: ({ files, ...input }: NewCaseInput & { files: File[] }) =>
      api<NewCaseReply>("/api/escuta/casos", { method: "POST", body: messageBody(input, files) }),
  });
}

/** Protocol and secret are never cached: each read is a POST the page keeps only while open. */
export function useFollowCase() {
  return useMutation({
    mutationFn: (input: FollowInput) => api<FollowedCase>("/api/escuta/acompanhar", { method: "POST", body: input }),
  });
}

export function useFollowReply() {
  return useMutation({
    mutationFn: ({ files, ...input }: FollowReplyInput & { files: File[] }) =>
      api<FollowedCase>("/api/escuta/acompanhar/mensagens", { method: "POST", body: messageBody(input, files) }),
  });
}

export function useCaseList(status: CaseStatus | "") {
  return useQuery({
    queryKey: listeningKey.cases(status),
    queryFn: () => api<{ items: CaseSummary[] }>(`/api/escuta/casos${status ? `?status=${status}` : ""}`),
  });
}

export function useHandlerCase(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: listeningKey.case(id),
    queryFn: async () => {
      const found = await api<HandlerCase>(`/api/escuta/casos/${id}`);
      // Opened now: the menu's count of new cases (web/lib/new-cases.ts) may have gone down.
      void queryClient.invalidateQueries({ queryKey: listeningKey.newCount });
      return found;
    },
  });
}

export function useHandlerMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, ...input }: HandlerMessageInput & { files: File[] }) =>
      api<{ ok: true }>(`/api/escuta/casos/${id}/mensagens`, { method: "POST", body: messageBody(input, files) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listeningKey.all }),
  });
}

export function useUpdateCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CaseUpdateInput) => api(`/api/escuta/casos/${id}`, { method: "PATCH", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listeningKey.all }),
  });
}

export function useListeningFigures(companyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: listeningKey.figures(companyId),
    queryFn: () => api<ListeningFigures>(`/api/escuta/numeros${companyId ? `?companyId=${companyId}` : ""}`),
    enabled,
  });
}

/** The handler's download: a plain link, the session cookie goes along. */
export function handlerAttachmentHref(caseId: string, attachment: Attachment): string {
  return `/api/escuta/casos/${caseId}/anexos/${attachment.id}`;
}

/**
 * The reporter's download: protocol and secret go in a POST's body, never in an address (addresses are
 * logged), so the file arrives as a blob the page saves under its neutral name.
 */
export async function downloadFollowedAttachment(input: FollowInput, attachment: Attachment): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/escuta/acompanhar/anexos/${attachment.id}`, {
      method: "POST",
      credentials: "omit",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError(0, "NETWORK", messages.networkError);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw apiErrorOf(response.status, body, (error) => error?.message ?? messages.internalError);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = attachment.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
