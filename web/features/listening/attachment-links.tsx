import { Download } from "lucide-react";
import type { Attachment } from "#core/schemas/listening.ts";

/** A message's files as download links; `download` is the reporter's way (protocol and secret in a POST). */
export function AttachmentLinks({
  attachments,
  hrefOf,
  download,
}: {
  attachments: Attachment[];
  hrefOf?: (attachment: Attachment) => string;
  download?: (attachment: Attachment) => void;
}) {
  if (attachments.length === 0) return null;
  const label = (attachment: Attachment) => (
    <>
      <Download aria-hidden className="size-4" /> Baixar {attachment.name}
    </>
  );
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Anexos">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          {hrefOf ? (
            <a
              href={hrefOf(attachment)}
              download={attachment.name}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm text-primary underline"
            >
              {label(attachment)}
            </a>
          ) : (
            <button
              type="button"
              onClick={() => download?.(attachment)}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm text-primary underline"
            >
              {label(attachment)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
