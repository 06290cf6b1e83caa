/** Correcting or deleting a participation record (docs/decisions/026, section 15). */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import type { ParticipationRecord } from "#core/schemas/risk-responses.ts";
import { participationPatchSchema } from "#core/schemas/risks.ts";
import { DateField } from "#web/components/date-field.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { describedBy, Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { EditDialogActions } from "./edit-dialog-actions.tsx";
import { blankAsZero } from "./risk-form-values.ts";
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
  const form = useForm<z.input<typeof participationPatchSchema>>({ resolver: zodResolver(participationPatchSchema) });
  const { errors } = form.formState;
  const id = (field: string) => `edit-rec-${field}-${record.id}`;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      toast.success(
        (await write.mutateAsync({ path: `/api/risks/records/${record.id}`, method: "PATCH", body })).message,
      );
      setOpen(false);
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });
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
          form.setError("root", { message: failure.message });
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
          // Each opening starts from what is saved, as a fresh form would.
          const { kind, heldOn, description, attendees } = record;
          form.reset({ kind, heldOn, description, attendees });
          setOpen(true);
        }}
      >
        Editar
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Editar registro" description={title}>
        <form className="space-y-3" onSubmit={onSubmit} noValidate>
          {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
          <Field id={id("kind")} label="Tipo" error={errors.kind?.message}>
            <Select {...describedBy(id("kind"), errors.kind?.message)} {...form.register("kind")}>
              {Object.entries(recordKindLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Controller
            control={form.control}
            name="heldOn"
            render={({ field }) => (
              <DateField id={id("date")} label="Data" error={errors.heldOn?.message} required {...field} />
            )}
          />
          <Field id={id("description")} label="O que foi feito" error={errors.description?.message}>
            <Textarea
              {...describedBy(id("description"), errors.description?.message)}
              rows={3}
              required
              maxLength={2000}
              {...form.register("description")}
            />
          </Field>
          <Field id={id("attendees")} label="Participantes" error={errors.attendees?.message}>
            <Input
              {...describedBy(id("attendees"), errors.attendees?.message)}
              type="number"
              min={0}
              max={100000}
              {...form.register("attendees", { setValueAs: blankAsZero })}
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
