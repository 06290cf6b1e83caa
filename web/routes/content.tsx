import { Trophy } from "lucide-react";
import { countOf } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useContentList } from "#web/features/content/content.queries.ts";
import { ContentCard } from "#web/features/content/content-card.tsx";

export function meta() {
  return [{ title: "Biblioteca de Conteúdos | Sereno" }];
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
            <section
              aria-label="Seus pontos"
              className="flex items-center gap-4 rounded-lg border border-accent/30 bg-accent-soft p-5"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-fg">
                <Trophy aria-hidden className="size-6" />
              </span>
              <div>
                <p className="text-2xl font-semibold" data-testid="points">
                  {countOf(data.points, "ponto", "pontos")}
                </p>
                <p className="text-sm text-muted">
                  {data.items.filter((i) => i.unlocked).length} de {data.items.length} conteúdos liberados. Faça seu
                  check-in e exercícios para liberar mais.
                </p>
              </div>
            </section>
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
