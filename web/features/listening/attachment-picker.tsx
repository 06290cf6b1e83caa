import { Paperclip, X } from "lucide-react";
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENT_MB, MAX_ATTACHMENTS } from "#core/listening.ts";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;

/** What the picker can tell before sending; the server decides by the bytes (docs/decisions/052). */
export function attachmentProblem(files: File[]): string | undefined {
  if (files.length > MAX_ATTACHMENTS) return m.attachmentTooMany;
  if (files.some((file) => file.size > MAX_ATTACHMENT_BYTES)) return m.attachmentTooLarge;
  if (files.some((file) => file.type !== "" && !ATTACHMENT_ACCEPT.split(",").includes(file.type)))
    return m.attachmentType;
  return undefined;
}

/**
 * Up to 3 photos or PDFs sent with a message. The list shows what was chosen; the server keeps
 * none of the files' names ('anexo-1.jpg') and strips their metadata (where and when a photo was taken).
 */
export function AttachmentPicker({
  id,
  files,
  onChange,
}: {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
}) {
  const isFull = files.length >= MAX_ATTACHMENTS;
  const problem = attachmentProblem(files);
  return (
    <div className="space-y-2">
      {/* The input itself is focusable (sr-only, not hidden); its label is the visible button. */}
      <input
        id={id}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={isFull}
        className="peer sr-only"
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          onChange([...files, ...Array.from(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonClass("secondary"),
          "min-h-11 cursor-pointer gap-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          isFull && "pointer-events-none opacity-50",
        )}
      >
        <Paperclip aria-hidden className="size-4" /> Anexar foto ou PDF
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Até {MAX_ATTACHMENTS} arquivos de até {MAX_ATTACHMENT_MB} MB (JPG, PNG ou PDF). Antes de guardar, tiramos dos
        arquivos o nome do autor, o local e a data em que a foto foi tirada; o nome do arquivo também não é guardado.
      </p>
      {files.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label="Anexos escolhidos">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-1"
            >
              <span className="min-w-0 truncate">
                {file.name} <span className="text-muted">({sizeOf(file.size)})</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="min-h-11 min-w-11"
                aria-label={`Remover ${file.name}`}
                onClick={() => onChange(files.filter((_, other) => other !== index))}
              >
                <X aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
