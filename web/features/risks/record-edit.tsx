/** Correcting or deleting a participation record (docs/decisions/026, section 15). */
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { EditDialogActions } from "./edit-dialog-actions.tsx";
import type { ParticipationRecord } from "./risk-types.ts";
import { scopeQuery, useRiskWrite } from "./risks.queries.ts";

export const recordKindLabels = {
  cipa: "Reunião da CIPA",
  reuniao: "Reunião com trabalhadores",
  comunicado: "Comunicado",
  outro: "Outro",
};

export function RecordEdit({
  record,
  title,
  companyId,
}: {
  record: ParticipationRecord;
  title: string;
  companyId: string | null;
}) {
  const write = useRiskWrite(companyId);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();
  const id = (field: string) => `edit-rec-${field}-${record.id}`;
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    write.mutate(
      {
        path: `/api/risks/records/${record.id}`,
        method: "PATCH",
        body: {
          kind: form.get("kind"),
          heldOn: form.get("heldOn"),
          description: form.get("description"),
          attendees: Number(form.get("attendees") || 0),
        },
      },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setOpen(false);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const remove = () =>
    write.mutate(
      { path: `/api/risks/records/${record.id}${scopeQuery(companyId)}`, method: "DELETE", body: undefined },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setConfirming(false);
          setOpen(false);
        },
        onError: (failure) => {
          setConfirming(false);
          setError(failure.message);
        },
      },
    );
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Editar registro ${title}`}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        Editar
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Editar registro" description={title}>
        <form className="space-y-3" onSubmit={save}>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Field id={id("kind")} label="Tipo">
            <Select id={id("kind")} name="kind" defaultValue={record.kind}>
              {Object.entries(recordKindLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("date")} label="Data">
            <Input id={id("date")} name="heldOn" type="date" required defaultValue={record.heldOn} />
          </Field>
          <Field id={id("description")} label="O que foi feito">
            <Textarea
              id={id("description")}
              name="description"
              rows={3}
              required
              maxLength={2000}
              defaultValue={record.description}
            />
          </Field>
          <Field id={id("attendees")} label="Participantes">
            <Input
              id={id("attendees")}
              name="attendees"
              type="number"
              min={0}
              max={100000}
              defaultValue={record.attendees}
            />
          </Field>
          <EditDialogActions
            deleteLabel="Excluir registro"
            onDelete={() => setConfirming(true)}
            onCancel={() => setOpen(false)}
            isPending={write.isPending}
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Excluir este registro?"
        description="O registro e os arquivos anexados a ele são apagados. Inventários já publicados não mudam."
        confirmLabel="Excluir registro"
        onConfirm={remove}
        isPending={write.isPending}
      />
    </>
  );
}
