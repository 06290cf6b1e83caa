import { Download, FileText, Trash2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { formatNumber } from "#core/format.ts";
import type { Material } from "#core/schemas/group-sessions.ts";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useRemoveMaterial, useUploadMaterial } from "./group-sessions.queries.ts";

function sizeLabel(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${formatNumber(bytes / (1024 * 1024), { upTo: 1 })} MB`;
}

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

/**
 * A session's materials (docs/decisions/024, "Materials"): download links for
 * who may read them, names only otherwise (a support group's files are not
 * the company's), a remove button and an upload for who manages the session.
 */
export function SessionMaterials({
  sessionId,
  materials,
  canDownload,
  canManage = false,
}: {
  sessionId: string;
  materials: Material[];
  canDownload: boolean;
  canManage?: boolean;
}) {
  const upload = useUploadMaterial(sessionId);
  const remove = useRemoveMaterial(sessionId);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  if (materials.length === 0 && !canManage) return null;

  const send = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      toast.success((await upload.mutateAsync(file)).message);
    } catch (caught) {
      setError(failure(caught, "Não foi possível enviar o arquivo. Tente novamente."));
    } finally {
      if (input.current) input.current.value = "";
    }
  };

  return (
    <section aria-label="Materiais" className="space-y-2">
      <h4 className="text-sm font-medium">Materiais</h4>
      {materials.length === 0 ? (
        <p className="text-sm text-muted">Nenhum material anexado.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border text-sm">
          {materials.map((material) => (
            <li key={material.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="flex min-w-0 items-center gap-2">
                <FileText aria-hidden className="size-4 shrink-0 text-primary" />
                {canDownload ? (
                  <a
                    href={`/api/group-sessions/${sessionId}/materials/${material.id}`}
                    download
                    className="break-all text-primary underline-offset-2 hover:underline"
                  >
                    {material.fileName}
                  </a>
                ) : (
                  <span className="break-all">{material.fileName}</span>
                )}
                <span className="shrink-0 text-xs text-muted">{sizeLabel(material.sizeBytes)}</span>
              </span>
              <span className="flex items-center gap-1">
                {canDownload ? <Download aria-hidden className="size-4 text-muted" /> : null}
                {canManage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remover ${material.fileName}`}
                    disabled={remove.isPending}
                    onClick={async () => {
                      try {
                        toast.success((await remove.mutateAsync(material.id)).message);
                      } catch (caught) {
                        toast.error(failure(caught, "Não foi possível remover. Tente novamente."));
                      }
                    }}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <div className="space-y-1">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            onChange={(event) => void send(event.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <Upload aria-hidden className="size-4" /> {upload.isPending ? "Enviando…" : "Anexar material"}
          </Button>
          <label htmlFor={inputId} className="sr-only">
            Arquivo do material
          </label>
          <p className="text-xs text-muted">PDF ou imagem. Quem se inscrever pode baixar.</p>
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
