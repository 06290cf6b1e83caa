import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { checkInMessages } from "#core/check-in-messages.ts";
import { formatSpokenDay, formatXp } from "#core/format.ts";
import { loadFailed, messages } from "#core/messages.ts";
import { energyLabels, isLevel, isMood, MISSING_MOOD, moodLabels, stressLabels } from "#core/mood.ts";
import { type CheckIn, type UpdateCheckInNotesInput, updateCheckInNotesInputSchema } from "#core/schemas/check-ins.ts";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Label, Textarea } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useCheckIn, useDeleteCheckIn, useUpdateCheckInNotes } from "./check-ins.queries.ts";

const NOTES_MAX = 2000;

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.isNetwork) return messages.networkError;
  return error instanceof ApiError && error.status < 500 ? error.message : messages.somethingWentWrong;
}

/** A past check-in of the calendar, for its owner: the mood, energy and stress, the note, and editing or deleting them. */
export function CheckInDialog({
  id,
  day,
  onClose,
  fallbackFocus,
}: {
  id: string | null;
  day: string | null;
  onClose: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const query = useCheckIn(id);
  return (
    <Dialog
      open={Boolean(id)}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={day ? `Seu check-in de ${formatSpokenDay(day)}` : "Seu check-in"}
      description="Só você vê este check-in e a sua anotação."
      fallbackFocus={fallbackFocus}
    >
      {id ? (
        <QueryPanel query={query} errorMessage={loadFailed("este check-in")}>
          {(checkIn) => <CheckInDetails key={checkIn.id} checkIn={checkIn} onDeleted={onClose} />}
        </QueryPanel>
      ) : null}
    </Dialog>
  );
}

function CheckInDetails({ checkIn, onDeleted }: { checkIn: CheckIn; onDeleted: () => void }) {
  const mood = isMood(checkIn.mood) ? checkIn.mood : MISSING_MOOD;
  const { icon: Icon, text } = moodVisuals[mood];
  const [isEditing, setIsEditing] = useState(false);
  const [confirming, setConfirming] = useState<"note" | "check-in" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCheckInNotes(checkIn.id);
  const remove = useDeleteCheckIn(checkIn.id);

  async function deleteNote() {
    setError(null);
    try {
      await update.mutateAsync(null);
      toast.success(checkInMessages.checkInNotesDeleted);
    } catch (caught) {
      setError(errorText(caught));
    }
    setConfirming(null);
  }

  async function deleteCheckIn() {
    setError(null);
    try {
      const result = await remove.mutateAsync();
      toast.success(result.message);
      setConfirming(null);
      onDeleted();
    } catch (caught) {
      setError(errorText(caught));
      setConfirming(null);
    }
  }

  return (
    <div className="space-y-5">
      <p className="flex items-center gap-2">
        <Icon aria-hidden className={cn("size-6", text)} /> Você respondeu: <strong>{moodLabels[mood]}</strong>
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-md bg-surface-2 p-3">
          <dt className="text-muted">Energia</dt>
          <dd className="font-medium">
            {isLevel(checkIn.energy) ? `${checkIn.energy} · ${energyLabels[checkIn.energy]}` : "Não informada"}
          </dd>
        </div>
        <div className="rounded-md bg-surface-2 p-3">
          <dt className="text-muted">Estresse</dt>
          <dd className="font-medium">
            {isLevel(checkIn.stress) ? `${checkIn.stress} · ${stressLabels[checkIn.stress]}` : "Não informado"}
          </dd>
        </div>
      </dl>
      {isEditing ? (
        <NotesForm
          checkIn={checkIn}
          onDone={() => setIsEditing(false)}
          onSave={(notes) => update.mutateAsync(notes)}
          isPending={update.isPending}
        />
      ) : (
        <div className="space-y-1">
          <p className="text-sm font-medium">Sua anotação</p>
          {checkIn.notes ? (
            <p className="whitespace-pre-wrap rounded-md bg-surface-2 p-3 text-sm wrap-anywhere">{checkIn.notes}</p>
          ) : (
            <p className="text-sm text-muted">Sem anotação neste dia.</p>
          )}
        </div>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {isEditing ? null : (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button variant="secondary" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden className="size-4" /> Editar anotação
          </Button>
          {checkIn.notes ? (
            <Button variant="secondary" onClick={() => setConfirming("note")}>
              <Trash2 aria-hidden className="size-4" /> Excluir anotação
            </Button>
          ) : null}
          <Button variant="ghost" className="text-danger" onClick={() => setConfirming("check-in")}>
            <Trash2 aria-hidden className="size-4" /> Excluir check-in
          </Button>
        </div>
      )}
      <p className="text-xs text-muted">Os números da empresa já publicados não mudam.</p>
      <ConfirmDialog
        open={confirming === "note"}
        onOpenChange={(open) => setConfirming(open ? "note" : null)}
        title="Excluir esta anotação?"
        description="O texto será apagado para sempre. O humor deste dia continua registrado."
        confirmLabel="Excluir anotação"
        onConfirm={deleteNote}
        isPending={update.isPending}
      />
      <ConfirmDialog
        open={confirming === "check-in"}
        onOpenChange={(open) => setConfirming(open ? "check-in" : null)}
        title="Excluir este check-in?"
        description={`O humor e a anotação de ${formatSpokenDay(checkIn.day)} serão apagados para sempre, e os ${formatXp(checkIn.xpEarned)} deste check-in saem do seu total. Os números da empresa já publicados não mudam.`}
        confirmLabel="Excluir check-in"
        onConfirm={deleteCheckIn}
        isPending={remove.isPending}
      />
    </div>
  );
}

function NotesForm({
  checkIn,
  onSave,
  onDone,
  isPending,
}: {
  checkIn: CheckIn;
  onSave: (notes: string | null) => Promise<unknown>;
  onDone: () => void;
  isPending: boolean;
}) {
  const form = useForm<UpdateCheckInNotesInput>({
    resolver: zodResolver(updateCheckInNotesInputSchema),
    defaultValues: { notes: checkIn.notes ?? "" },
  });
  const { errors } = form.formState;
  const notes = form.watch("notes") ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // An emptied note is deleted.
      await onSave(values.notes || null);
      toast.success(checkInMessages.checkInNotesSaved);
      onDone();
    } catch (caught) {
      form.setError("root", { message: errorText(caught) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor="editar-anotacao">Sua anotação</Label>
        <Textarea
          id="editar-anotacao"
          maxLength={NOTES_MAX}
          aria-describedby={errors.notes ? "editar-anotacao-error" : "editar-anotacao-contador"}
          aria-invalid={errors.notes ? true : undefined}
          autoFocus
          {...form.register("notes")}
        />
        <p id="editar-anotacao-contador" className="text-right text-xs text-muted">
          {notes.length}/{NOTES_MAX}
        </p>
        {errors.notes?.message ? (
          <p id="editar-anotacao-error" role="alert" className="text-sm text-danger">
            {errors.notes.message}
          </p>
        ) : null}
      </div>
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? "Salvando..." : "Salvar anotação"}
        </Button>
      </div>
    </form>
  );
}
