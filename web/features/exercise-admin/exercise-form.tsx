import { Plus } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { adminMessages } from "#core/admin-messages.ts";
import { categoryLabels, exerciseCategories, MAX_LEVEL, type MediaType, MIN_LEVEL, ptBR } from "#core/exercises.ts";
import { messages } from "#core/messages.ts";
import { acceptByMediaType, type ExerciseForm, type ExerciseFormInput } from "#core/schemas/exercise-admin.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useCreateExercise } from "./exercise-admin.queries.ts";
import { exerciseFormDefaults as defaults, exerciseFormResolver } from "./exercise-form-values.ts";
import { FileField } from "./file-field.tsx";
import { MediaTypePicker } from "./media-type-picker.tsx";
import { UploadStatus } from "./upload-status.tsx";

const MEDIA_ID = "exercicio-arquivo";
const THUMBNAIL_ID = "exercicio-miniatura";
const THUMBNAIL_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
/** Spec 4: the bar goes back to 0 two seconds after finishing. */
const PROGRESS_RESET_MS = 2000;

const fileHints: Record<Exclude<MediaType, "link">, string> = {
  video: "Um arquivo de vídeo, como MP4 ou WebM.",
  audio: "Um arquivo de áudio, como MP3, M4A ou OGG.",
  pdf: "Um arquivo PDF.",
};

function focusById(id: string) {
  document.getElementById(id)?.focus();
}

/** 'Criar Novo Exercício' (spec 2, 4, 5): one multipart request with real upload progress. */
export function ExerciseCreateForm({ storageConfigured }: { storageConfigured: boolean | undefined }) {
  const create = useCreateExercise();
  const form = useForm<ExerciseFormInput, unknown, ExerciseForm>({
    resolver: exerciseFormResolver,
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const mediaType = form.watch("mediaType") ?? "link";
  const [media, setMedia] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  /** Bumped to remount the file pickers, which is how a file input is emptied. */
  const [pickerKey, setPickerKey] = useState(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  /** The fields are disabled while sending, so focus moves only once they are back. */
  const focusAfterSubmit = useRef<(() => void) | null>(null);

  useEffect(() => () => clearTimeout(resetTimer.current), []);
  useEffect(() => {
    if (isSubmitting || !focusAfterSubmit.current) return;
    focusAfterSubmit.current();
    focusAfterSubmit.current = null;
  }, [isSubmitting]);

  function chooseMedia(file: File | null) {
    setMedia(file);
    setMediaError(null);
  }

  function chooseThumbnail(file: File | null) {
    setThumbnail(file);
    setThumbnailError(null);
  }

  function resetAll() {
    form.reset(defaults);
    chooseMedia(null);
    chooseThumbnail(null);
    setPickerKey((key) => key + 1);
  }

  function showFailure(error: unknown) {
    const message = error instanceof Error ? error.message : adminMessages.exerciseCreateFailed;
    const field = error instanceof ApiError ? error.field : undefined;
    if (field && field in defaults) {
      form.setError(field as keyof ExerciseFormInput, { message });
      focusAfterSubmit.current = () => form.setFocus(field as keyof ExerciseFormInput);
    } else if (field === "media") {
      setMediaError(message);
      focusAfterSubmit.current = () => focusById(MEDIA_ID);
    } else if (field === "thumbnail") {
      setThumbnailError(message);
      focusAfterSubmit.current = () => focusById(THUMBNAIL_ID);
    } else {
      setFormError(message || adminMessages.exerciseCreateFailed);
    }
  }

  async function upload(values: ExerciseForm) {
    const files = { media: values.mediaType === "link" ? null : media, thumbnail };
    if ((files.media || files.thumbnail) && storageConfigured === false) {
      setFormError(messages.storageUnavailable);
      return;
    }
    clearTimeout(resetTimer.current);
    setProgress(0);
    try {
      const exercise = await create.mutateAsync({ values, files, onProgress: setProgress });
      toast.success(adminMessages.exerciseCreated, {
        description: `“${ptBR(exercise.title)}” já aparece na biblioteca de exercícios.`,
      });
      resetAll();
      resetTimer.current = setTimeout(() => setProgress(0), PROGRESS_RESET_MS);
      focusAfterSubmit.current = () => form.setFocus("title");
    } catch (error) {
      setProgress(0);
      showFailure(error);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    setFormError(null);
    const needsFile = form.getValues("mediaType") !== "link" && !media;
    setMediaError(needsFile ? adminMessages.mediaFileRequired : null);
    void form.handleSubmit((values) => {
      if (!needsFile) return upload(values);
      focusById(MEDIA_ID);
    })(event);
  }

  const fileType = mediaType === "link" ? null : mediaType;
  const storageHint =
    storageConfigured === false
      ? " O armazenamento ainda não está configurado: use o aviso acima antes de enviar."
      : "";

  return (
    <form
      aria-labelledby="novo-exercicio-titulo"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5 rounded-lg border border-border bg-surface p-5 shadow-soft"
    >
      <div className="space-y-1">
        <h2 id="novo-exercicio-titulo" className="text-lg font-semibold">
          Criar Novo Exercício
        </h2>
        <p className="text-sm text-muted">
          Assim que for criado, o exercício aparece na biblioteca de todas as pessoas a partir do nível escolhido.
        </p>
      </div>
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4 md:grid-cols-2">
        <Field id="exercicio-titulo" label="Título" error={errors.title?.message} className="md:col-span-2">
          <Input
            {...describedBy("exercicio-titulo", errors.title?.message)}
            autoComplete="off"
            {...form.register("title")}
          />
        </Field>
        <Field id="exercicio-categoria" label="Categoria" error={errors.category?.message}>
          <Select {...describedBy("exercicio-categoria", errors.category?.message)} {...form.register("category")}>
            <option value="">Selecione...</option>
            {exerciseCategories.map((category) => (
              <option key={category} value={category}>
                {categoryLabels[category]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="exercicio-duracao" label="Duração" error={errors.duration?.message}>
          <Input
            {...describedBy("exercicio-duracao", errors.duration?.message)}
            placeholder="10 min"
            autoComplete="off"
            {...form.register("duration")}
          />
        </Field>
        <Field id="exercicio-descricao" label="Descrição" error={errors.description?.message} className="md:col-span-2">
          <Textarea
            {...describedBy("exercicio-descricao", errors.description?.message)}
            rows={4}
            {...form.register("description")}
          />
        </Field>
        <div className="md:col-span-2">
          {/* A file picked for one type is wrong for another: the picker below remounts empty. */}
          <MediaTypePicker registration={form.register("mediaType", { onChange: () => chooseMedia(null) })} />
        </div>
        <div className="md:col-span-2">
          {fileType ? (
            <FileField
              key={`${fileType}-${pickerKey}`}
              id={MEDIA_ID}
              label="Arquivo de mídia"
              accept={acceptByMediaType[fileType] ?? ""}
              hint={`${fileHints[fileType]}${storageHint}`}
              error={mediaError}
              file={media}
              onChoose={chooseMedia}
            />
          ) : (
            <Field
              id="exercicio-url"
              label="URL da mídia"
              error={errors.mediaUrl?.message}
              hint="O endereço do vídeo, áudio ou página com o exercício (http:// ou https://)."
            >
              <Input
                {...describedBy("exercicio-url", errors.mediaUrl?.message)}
                type="url"
                inputMode="url"
                placeholder="https://"
                autoComplete="off"
                {...form.register("mediaUrl")}
              />
            </Field>
          )}
        </div>
        <div className="md:col-span-2">
          <FileField
            key={pickerKey}
            id={THUMBNAIL_ID}
            label="Miniatura (opcional)"
            accept={THUMBNAIL_ACCEPT}
            hint={`PNG, JPEG, WebP ou GIF. Sem miniatura, usamos uma imagem padrão.${thumbnail ? storageHint : ""}`}
            error={thumbnailError}
            file={thumbnail}
            onChoose={chooseThumbnail}
          />
        </div>
        <div className="grid grid-cols-2 gap-4 md:col-span-2">
          <Field
            id="exercicio-nivel"
            label="Nível necessário"
            error={errors.requiredLevel?.message}
            hint={`De ${MIN_LEVEL} a ${MAX_LEVEL}.`}
          >
            <Input
              {...describedBy("exercicio-nivel", errors.requiredLevel?.message)}
              type="number"
              inputMode="numeric"
              min={MIN_LEVEL}
              max={MAX_LEVEL}
              step={1}
              {...form.register("requiredLevel")}
            />
          </Field>
          <Field id="exercicio-xp" label="XP da recompensa" error={errors.xpReward?.message} hint="Ganho ao concluir.">
            <Input
              {...describedBy("exercicio-xp", errors.xpReward?.message)}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...form.register("xpReward")}
            />
          </Field>
        </div>
      </fieldset>
      <UploadStatus percent={progress} hasFiles={Boolean((fileType && media) || thumbnail)} />
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="flex sm:justify-end">
        <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
          <Plus aria-hidden className="size-4" strokeWidth={2} />
          {isSubmitting ? "Criando..." : "Criar exercício"}
        </Button>
      </div>
    </form>
  );
}
