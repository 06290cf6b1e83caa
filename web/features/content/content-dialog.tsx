import { ptBR } from "#core/exercises.ts";
import { loadFailed } from "#core/messages.ts";
import type { ContentItem } from "#core/schemas/content.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useContentDetail } from "./content.queries.ts";
import { MarkdownText } from "./markdown-text.tsx";

export function ContentDialog({ item, onClose }: { item: ContentItem | null; onClose: () => void }) {
  const detail = useContentDetail(item?.id ?? null);
  if (!item) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={ptBR(item.title)}
      description={ptBR(item.description)}
      className="max-w-2xl"
    >
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
          <article>
            {data.contentType === "video" ? (
              <p className="mb-4 rounded-md bg-surface-2 p-3 text-sm text-muted">
                O vídeo deste conteúdo está sendo produzido. Enquanto isso, você pode ler o roteiro completo.
              </p>
            ) : null}
            <MarkdownText source={data.body} />
          </article>
        )}
      </QueryPanel>
    </Dialog>
  );
}
