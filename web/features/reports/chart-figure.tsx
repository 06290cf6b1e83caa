import { ChevronDown, Table2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

export type ChartTable = { columns: string[]; rows: { key: string; cells: string[] }[] };

/**
 * A chart people can read without seeing it: a <figure> named by its caption,
 * the drawing as one image with a spoken summary, and 'Ver dados' for the
 * day-by-day table behind it.
 */
export function ChartFigure({
  caption,
  summary,
  note,
  legend,
  table,
  children,
}: {
  caption: string;
  summary: string;
  note?: ReactNode;
  /** What each line and mark is, in words, above the drawing (charts with more than one line). */
  legend?: ReactNode;
  table: ChartTable;
  children: ReactNode;
}) {
  const [isTableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  return (
    <figure className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-soft">
      <figcaption>
        <h2 className="text-lg font-semibold text-fg">{caption}</h2>
      </figcaption>
      {legend}
      <div role="img" aria-label={summary} className="h-60 w-full min-w-0 sm:h-64">
        {/* The drawing itself stays out of the accessibility tree: the summary and the table speak for it. */}
        <div aria-hidden className="size-full">
          {children}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="text-xs text-muted">{note}</div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={isTableOpen}
          aria-controls={tableId}
          onClick={() => setTableOpen((open) => !open)}
        >
          <Table2 aria-hidden className="size-4" strokeWidth={1.75} />
          {isTableOpen ? "Ocultar dados" : "Ver dados"}
          <ChevronDown
            aria-hidden
            className={cn("size-4 transition-transform", isTableOpen && "rotate-180")}
            strokeWidth={1.75}
          />
        </Button>
      </div>
      {/* Focusable so the keyboard can scroll a long table (axe: scrollable-region-focusable). */}
      <section
        id={tableId}
        hidden={!isTableOpen}
        aria-label={`${caption}: dados por dia`}
        tabIndex={isTableOpen ? 0 : -1}
        className="max-h-80 overflow-auto rounded-md border border-border"
      >
        {isTableOpen ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}: dados por dia</caption>
            <thead className="sticky top-0 bg-surface-2 text-muted">
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={row.key} className="border-t border-border">
                  {row.cells.map((cell, index) =>
                    index === 0 ? (
                      <th key={table.columns[index]} scope="row" className="px-3 py-1.5 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={table.columns[index]} className="px-3 py-1.5 tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </figure>
  );
}
