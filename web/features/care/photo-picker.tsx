import { ImageUp } from "lucide-react";
import { useEffect, useState } from "react";
import { describedBy, Field } from "#web/components/ui/field.tsx";
import { PsychologistPhoto } from "./psychologist-photo.tsx";

export const PHOTO_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

/** The photo field of the admin's form: a preview of the chosen image and a labelled file input (issue 13). */
export function PhotoPicker({
  id,
  file,
  error,
  onChoose,
}: {
  id: string;
  file: File | null;
  error?: string | null;
  onChoose: (file: File | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const message = error ?? undefined;
  return (
    <Field
      id={id}
      label="Foto (opcional)"
      error={message}
      hint="PNG, JPEG, WebP ou GIF. Sem foto, o diretório mostra um ícone neutro."
    >
      <div className="flex items-center gap-3">
        <PsychologistPhoto photoUrl={preview} size="md" />
        <div className="relative inline-flex min-h-11 items-center gap-1.5 rounded-md border border-border bg-surface px-3 text-sm font-medium text-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring">
          <ImageUp aria-hidden className="size-4" strokeWidth={1.75} />
          {file ? "Trocar imagem" : "Escolher imagem"}
          <input
            {...describedBy(id, message)}
            aria-describedby={message ? `${id}-error` : `${id}-hint`}
            type="file"
            accept={PHOTO_ACCEPT}
            onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
          />
        </div>
        {file ? <span className="min-w-0 truncate text-sm text-muted">{file.name}</span> : null}
      </div>
    </Field>
  );
}
