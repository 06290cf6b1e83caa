import { Upload } from "lucide-react";
import type { ReactNode } from "react";
import { formatNumber } from "#core/format.ts";
import { describedBy, Field } from "#web/components/ui/field.tsx";
import { cn } from "#web/lib/cn.ts";

/** '2,4 MB' (or KB for small files), for saying what was chosen. */
function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, bytes / 1024), { upTo: 1 })} KB`;
  return `${formatNumber(bytes / (1024 * 1024), { upTo: 1 })} MB`;
}

/**
 * A labelled file picker that reads in pt-BR whatever the browser's language:
 * the real input lies invisible over the box (so clicks, keyboard and the
 * label all reach it) and the box says what was chosen. The caller holds the
 * file and remounts the field (new key) to empty it.
 */
export function FileField({
  id,
  label,
  accept,
  hint,
  error,
  file,
  onChoose,
}: {
  id: string;
  label: string;
  accept: string;
  hint: ReactNode;
  error?: string | null;
  file: File | null;
  onChoose: (file: File | null) => void;
}) {
  const message = error ?? undefined;
  return (
    <Field id={id} label={label} error={message} hint={hint}>
      <div
        className={cn(
          "relative flex min-h-11 min-w-0 items-center gap-3 rounded-md border border-border bg-surface p-1.5",
          "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
          "has-[:disabled]:opacity-60",
          message && "border-danger",
        )}
      >
        <span className="inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-sm bg-primary-soft px-3 text-sm font-medium text-primary">
          <Upload aria-hidden className="size-4" strokeWidth={1.75} /> Escolher arquivo
        </span>
        <span className={cn("min-w-0 truncate text-sm", file ? "text-fg" : "text-muted")}>
          {file ? `${file.name} · ${formatFileSize(file.size)}` : "Nenhum arquivo escolhido"}
        </span>
        <input
          {...describedBy(id, message)}
          aria-describedby={message ? `${id}-error` : `${id}-hint`}
          type="file"
          accept={accept}
          onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
      </div>
    </Field>
  );
}
