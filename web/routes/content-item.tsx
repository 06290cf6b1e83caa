import { ArrowLeft, Lock, SearchX } from "lucide-react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { contentLockedMessage, exerciseMessages } from "#core/exercise-messages.ts";
import { ptBR } from "#core/exercises.ts";
import { loadFailed } from "#core/messages.ts";
import type { ContentItem } from "#core/schemas/content.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Thumbnail } from "#web/components/thumbnail.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useContentDetail, useContentList } from "#web/features/content/content.queries.ts";
import { ContentMeta } from "#web/features/content/content-meta.tsx";
import { contentTypeVisuals } from "#web/features/content/content-visuals.ts";
import { MarkdownText } from "#web/features/content/markdown-text.tsx";
import { usePoints } from "#web/lib/points.ts";

export function meta() {
  return [{ title: "Conteúdo | Sereno" }];
}

/**
 * One item of the library on its own page, so a phone's Back button and a link
 * both work. The lock comes from the list (the server refuses a locked body).
 */
export default function ContentItemPage() {
  const { id = "" } = useParams();
  const list = useContentList();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackToContent />
      <QueryPanel query={list} errorMessage={loadFailed("o conteúdo")} loading={<Skeleton className="h-64 w-full" />}>
        {(data) => {
          const item = data.items.find((candidate) => candidate.id === id);
          if (!item) {
            return (
              <EmptyState icon={SearchX} title={exerciseMessages.contentNotFound}>
                Ele pode ter sido removido. Veja os outros conteúdos da biblioteca.
              </EmptyState>
            );
          }
          return item.unlocked ? <UnlockedItem item={item} /> : <LockedItem item={item} />;
        }}
      </QueryPanel>
    </div>
  );
}

/** Back to the list where the person was (history keeps the scroll), or to the list when they came by link. */
function BackToContent() {
  const location = useLocation();
  const navigate = useNavigate();
  const cameFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  return (
    <Link
      to="/content"
      onClick={(event) => {
        if (!cameFromList) return;
        event.preventDefault();
        navigate(-1);
      }}
      className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-primary hover:bg-surface-2"
    >
      <ArrowLeft aria-hidden className="size-4" /> Voltar para Conteúdos
    </Link>
  );
}

function ItemHeader({ item }: { item: ContentItem }) {
  const { icon: Icon, tint } = contentTypeVisuals[item.contentType];
  return (
    <header className="space-y-4">
      <Thumbnail
        src={item.thumbnail}
        icon={Icon}
        tint={tint}
        className="h-36 rounded-lg sm:h-44"
        iconClassName="size-12"
      />
      <ContentMeta item={item} />
      <div className="space-y-2">
        <h2 className="break-words text-2xl font-semibold leading-tight">{ptBR(item.title)}</h2>
        <p className="break-words text-muted">{ptBR(item.description)}</p>
      </div>
    </header>
  );
}

function UnlockedItem({ item }: { item: ContentItem }) {
  const detail = useContentDetail(item.id);
  return (
    <Card className="space-y-6">
      <ItemHeader item={item} />
      <QueryPanel
        query={detail}
        errorMessage={loadFailed("o conteúdo")}
        loading={
          <div className="space-y-3">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-4/6" />
          </div>
        }
      >
        {(data) => (
          <article aria-label={ptBR(item.title)} className="break-words">
            {data.contentType === "video" ? (
              <p className="mb-4 rounded-md bg-surface-2 p-3 text-sm text-muted">
                Um roteiro para praticar no seu ritmo: leia um trecho, faça uma pausa e siga quando quiser.
              </p>
            ) : null}
            <MarkdownText source={data.body} />
          </article>
        )}
      </QueryPanel>
      <div className="border-t border-border pt-4">
        <BackToContent />
      </div>
    </Card>
  );
}

function LockedItem({ item }: { item: ContentItem }) {
  const earned = usePoints().data?.earned;
  return (
    <Card className="space-y-6">
      <ItemHeader item={item} />
      <div role="status" className="space-y-3 rounded-lg bg-surface-2 p-4">
        <p className="flex items-center gap-2 font-medium">
          <Lock aria-hidden className="size-5 text-muted" /> {contentLockedMessage(item.pointsMissing)}
        </p>
        <p className="text-sm text-muted">
          Este conteúdo abre com {item.pointsRequired} pontos ganhos no total
          {earned === undefined ? "" : `, e você já ganhou ${earned}`}. Cada XP do check-in e dos exercícios vira um
          ponto; usar pontos em recompensas não fecha conteúdos.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/check-ins" className={buttonClass("primary")}>
            Fazer check-in
          </Link>
          <Link to="/exercises" className={buttonClass("secondary")}>
            Ver exercícios
          </Link>
        </div>
      </div>
    </Card>
  );
}
