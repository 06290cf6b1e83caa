import { useQuery } from "@tanstack/react-query";
import type { ContentDetail, ContentList } from "#core/schemas/content.ts";
import { api } from "#web/lib/api.ts";

export function useContentList() {
  return useQuery({ queryKey: ["content", "list"], queryFn: () => api<ContentList>("/api/content") });
}

export function useContentDetail(id: string | null) {
  return useQuery({
    queryKey: ["content", "detail", id],
    queryFn: () => api<ContentDetail>(`/api/content/${id}`),
    enabled: Boolean(id),
  });
}
