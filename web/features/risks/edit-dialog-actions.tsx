import { Button } from "#web/components/ui/button.tsx";

/** The footer of an NR-1 edit dialog: delete on one side (it asks to confirm), cancel and save on the other. */
export function EditDialogActions({
  deleteLabel,
  onDelete,
  onCancel,
  isPending,
}: {
  deleteLabel: string;
  onDelete: () => void;
  onCancel: () => void;
  isPending: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
      <Button type="button" variant="danger" onClick={onDelete}>
        {deleteLabel}
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isPending}>
          Salvar alterações
        </Button>
      </div>
    </div>
  );
}
