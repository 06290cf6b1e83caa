import { useQuery } from "@tanstack/react-query";
import type { ContentDetail, ContentList } from "#core/schemas/content.ts";
import { api } from "#web/lib/api.ts";
import { contentKeys } from "#web/lib/query-keys.ts";

export function useContentList() {
  return useQuery({ queryKey: contentKeys.list, queryFn: () => api<ContentList>("/api/content") });
}

export function useContentDetail(id: string | null) {
  return useQuery({
    queryKey: contentKeys.detail(id),
    queryFn: () => api<ContentDetail>(`/api/content/${id}`),
    enabled: Boolean(id),
  });
}
