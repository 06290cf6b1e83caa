/** Evidence files of the NR-1 module (an action's, a participation record's): the list of links and the picker that uploads at once. */
import { Paperclip, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import type { EvidenceFile } from "#core/schemas/risk-responses.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useRiskWrite } from "./risks.queries.ts";

/** The files as download links; with `removePath` (…/files), each one can be removed after a confirmation. */
export function FileList({
  files,
  removePath,
  companyId = null,
}: {
  files: EvidenceFile[];
  removePath?: string;
  companyId?: string | null;
}) {
  const write = useRiskWrite(companyId);
  const [removing, setRemoving] = useState<EvidenceFile | null>(null);
  if (files.length === 0) return null;
  const remove = () => {
    if (!removing || !removePath) return;
    const query = new URLSearchParams({ key: removing.key, ...(companyId ? { companyId } : {}) });
    write.mutate(
      { path: `${removePath}?${query}`, method: "DELETE", body: undefined },
      {
        onSuccess: (reply) => toast.success(reply.message),
        onError: (failure) => toast.error(failure.message),
        onSettled: () => setRemoving(null),
      },
    );
  };
  return (
    <>
      <ul className="mt-2 space-y-1 text-sm">
        {files.map((file) => (
          <li key={file.key} className="flex items-center gap-1">
            <a
              className="inline-flex min-w-0 items-center gap-1 break-all text-primary underline"
              href={file.url}
              download
            >
              <Paperclip aria-hidden className="size-3 shrink-0" /> {file.name}
            </a>
            {removePath ? (
              <Button
                variant="ghost"
                size="sm"
                className="shrink-0 text-muted"
                aria-label={`Remover ${file.name}`}
                onClick={() => setRemoving(file)}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {removePath ? (
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          title={`Remover ${removing?.name ?? "o arquivo"}?`}
          description="O arquivo sai da lista e é apagado do armazenamento. Inventários já publicados não mudam."
          confirmLabel="Remover arquivo"
          onConfirm={remove}
          isPending={write.isPending}
        />
      ) : null}
    </>
  );
}

export function FileUpload({
  id,
  label,
  path,
  companyId,
}: {
  id: string;
  label: string;
  path: string;
  companyId: string | null;
}) {
  const write = useRiskWrite(companyId);
  const input = useRef<HTMLInputElement>(null);
  const upload = () => {
    const file = input.current?.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    write.mutate(
      { path, body },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          if (input.current) input.current.value = "";
        },
        onError: (e) => toast.error(e.message),
      },
    );
  };
  // The native picker speaks the browser's language ("Choose File"): a pt-BR button labels the hidden input instead.
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        ref={input}
        type="file"
        accept="application/pdf,image/*"
        className="peer sr-only"
        disabled={write.isPending}
        onChange={upload}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonClass("secondary", "sm"),
          "h-auto cursor-pointer gap-1.5 py-1.5 text-left peer-focus-visible:outline-2 peer-focus-visible:outline-ring peer-disabled:opacity-60",
        )}
      >
        <Upload aria-hidden className="size-4 shrink-0" />
        {label}
      </label>
      {write.isPending ? (
        <span role="status" className="text-sm text-muted">
          Enviando…
        </span>
      ) : null}
    </div>
  );
}
