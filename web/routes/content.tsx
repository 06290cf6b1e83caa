import { loadFailed } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useContentList } from "#web/features/content/content.queries.ts";
import { ContentCard } from "#web/features/content/content-card.tsx";
import { PointsSummary } from "#web/features/rewards/points-summary.tsx";

export function meta() {
  return [{ title: "Biblioteca de conteúdos | Sereno" }];
}

export default function ContentPage() {
  const list = useContentList();
  return (
    <div className="space-y-6">
      <PageIntro>
        Artigos, cursos e roteiros guiados para ir além dos exercícios. Cada XP que você ganha vira um ponto.
      </PageIntro>
      <QueryPanel query={list} errorMessage={loadFailed("os conteúdos")} loading={<Skeleton className="h-24 w-full" />}>
        {(data) => (
          <>
            <PointsSummary>
              {data.items.filter((i) => i.unlocked).length} de {data.items.length} conteúdos liberados pelos pontos
              ganhos no total: usar pontos em recompensas não fecha nenhum. Faça seu check-in e exercícios para liberar
              mais.
            </PointsSummary>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {data.items.map((item) => (
                <ContentCard key={item.id} item={item} />
              ))}
            </div>
          </>
        )}
      </QueryPanel>
    </div>
  );
}
