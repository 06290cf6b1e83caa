/**
 * /avisos: 'Você falou, fizemos', the notices the company published to everyone in it
 * (Lei 14.831 art. 3, III, a; docs/decisions/094), newest first, each with its date.
 */
import { useQuery } from "@tanstack/react-query";
import { Megaphone } from "lucide-react";
import { formatDayPtBR } from "#core/format.ts";
import type { noticesSchema } from "#core/schemas/dossier.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { api } from "#web/lib/api.ts";

type Notices = import("zod").infer<typeof noticesSchema>;

export function meta() {
  return [{ title: "Você falou, fizemos | Sereno" }];
}

export default function NoticesPage() {
  const query = useQuery({ queryKey: ["notices"], queryFn: () => api<Notices>("/api/notices") });
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageIntro>O que a empresa fez a partir do que as pessoas contaram.</PageIntro>
      <QueryPanel
        query={query}
        errorMessage="Não foi possível carregar os avisos."
        loading={<Skeleton className="h-40" />}
      >
        {({ notices }) =>
          notices.length ? (
            <ul className="space-y-3">
              {notices.map((notice) => (
                <li key={notice.id}>
                  <Card>
                    <CardTitle className="text-base">{notice.title}</CardTitle>
                    <CardDescription>{formatDayPtBR(notice.publishedOn)}</CardDescription>
                    <p className="mt-2 whitespace-pre-line text-sm leading-relaxed">{notice.body}</p>
                  </Card>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon={Megaphone} title="Nenhum aviso por enquanto" />
          )
        }
      </QueryPanel>
    </div>
  );
}
