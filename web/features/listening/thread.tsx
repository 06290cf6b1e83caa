import { formatDayPtBR } from "#core/format.ts";
import type { Attachment, ThreadMessage } from "#core/schemas/listening.ts";
import { cn } from "#web/lib/cn.ts";
import { AttachmentLinks } from "./attachment-links.tsx";

/** A case's conversation: who wrote (the person, the listening team, or a team-only note) and the day, never the time. */
export function Thread({
  messages,
  reporterLabel,
  hrefOf,
  download,
}: {
  messages: ThreadMessage[];
  reporterLabel: string;
  /** The handler's downloads are plain links (the session cookie goes along). */
  hrefOf?: (attachment: Attachment) => string;
  /** The reporter's, a POST with protocol and secret. */
  download?: (attachment: Attachment) => void;
}) {
  return (
    <ol className="space-y-3" aria-label="Conversa">
      {messages.map((message) => (
        <li
          key={message.id}
          className={cn(
            "rounded-md border p-3 text-sm",
            message.isInternal
              ? "border-warning/40 bg-warning-soft"
              : message.author === "reporter"
                ? "border-border bg-surface-2"
                : "border-primary/30 bg-primary-soft",
          )}
        >
          <p className="mb-1 text-xs font-medium text-muted">
            {message.isInternal ? "Nota interna" : message.author === "reporter" ? reporterLabel : "Equipe de escuta"} ·{" "}
            {formatDayPtBR(message.writtenOn)}
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere">{message.body}</p>
          <AttachmentLinks attachments={message.attachments} hrefOf={hrefOf} download={download} />
        </li>
      ))}
    </ol>
  );
}
