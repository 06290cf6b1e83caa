import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";

/** 'Anterior' · 'Página X de Y' · 'Próxima' under a paged list; nothing when it all fits on one page. */
export function Pager({
  label,
  page,
  pages,
  isFetching,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  isFetching: boolean;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1 || isFetching} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="size-4" /> Anterior
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        Página {page} de {pages}
      </p>
      <Button variant="secondary" disabled={page >= pages || isFetching} onClick={() => onPage(page + 1)}>
        Próxima <ChevronRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}
