/**
 * 'Você falou, fizemos' on /escuta (Lei 14.831 art. 3, III, a; docs/decisions/094): the notices the company
 * published to everyone in it, newest first, each with its date. Nothing shows until there is one.
 */
import { useQuery } from "@tanstack/react-query";
import { formatDayPtBR } from "#core/format.ts";
import type { Dossier } from "#core/schemas/dossier.ts";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { api } from "#web/lib/api.ts";

export function NoticesCard() {
  const query = useQuery({
    queryKey: ["notices"],
    queryFn: () => api<{ notices: Dossier["notices"] }>("/api/notices"),
  });
  const notices = query.data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <Card>
      <section aria-labelledby="notices-heading">
        <CardTitle id="notices-heading">Você falou, fizemos</CardTitle>
        <p className="text-sm text-muted">O que a empresa fez a partir do que as pessoas contaram.</p>
        <ul className="mt-3 space-y-4">
          {notices.map((notice) => (
            <li key={notice.id} className="border-t border-border pt-3 first:border-t-0 first:pt-0">
              <p className="font-medium">{notice.title}</p>
              <p className="text-xs text-muted">{formatDayPtBR(notice.publishedOn)}</p>
              <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{notice.body}</p>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
