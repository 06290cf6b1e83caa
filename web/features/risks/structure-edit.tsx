/** Editing an establishment or a sector/GHE after creation, and deleting an unused sector (docs/decisions/026, section 10). */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatCnpj } from "#core/cnpj.ts";
import type { Establishment, Sector } from "#core/schemas/risk-responses.ts";
import { establishmentUpdateSchema, type SectorUpdate } from "#core/schemas/risks.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { EditDialogActions } from "./edit-dialog-actions.tsx";
import { blankAsZero, type SectorEditValues, sectorEditFormSchema } from "./risk-form-values.ts";
import { scopeQuery, useRiskWrite } from "./risks.queries.ts";

/** The ids of a sector and every sector below it: none of them can become its parent. */
function subtree(sectors: Sector[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const sector of sectors)
      if (sector.parentId && ids.has(sector.parentId) && !ids.has(sector.id)) {
        ids.add(sector.id);
        grew = true;
      }
  }
  return ids;
}

export function EditEstablishment({
  establishment,
  companyId,
}: {
  establishment: Establishment;
  companyId: string | null;
}) {
  const write = useRiskWrite(companyId);
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof establishmentUpdateSchema>>({ resolver: zodResolver(establishmentUpdateSchema) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const path = `/api/risks/establishments/${establishment.id}`;
      toast.success((await write.mutateAsync({ path, method: "PATCH", body: values })).message);
      setOpen(false);
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Editar estabelecimento ${establishment.name}`}
        onClick={() => {
          // Each opening starts from what is saved, as a fresh form would.
          form.reset({ name: establishment.name, cnpj: formatCnpj(establishment.cnpj) });
          setOpen(true);
        }}
      >
        Editar
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Editar estabelecimento"
        description="Inventários já publicados guardam o nome e o CNPJ da época; a mudança vale para os próximos."
      >
        <form className="space-y-3" onSubmit={onSubmit} noValidate>
          <Field id={`edit-est-name-${establishment.id}`} label="Nome" error={errors.name?.message}>
            <Input
              {...describedBy(`edit-est-name-${establishment.id}`, errors.name?.message)}
              required
              maxLength={120}
              {...form.register("name")}
            />
          </Field>
          <Field id={`edit-est-cnpj-${establishment.id}`} label="CNPJ" error={errors.cnpj?.message}>
            <Input
              {...describedBy(`edit-est-cnpj-${establishment.id}`, errors.cnpj?.message)}
              required
              inputMode="numeric"
              {...form.register("cnpj")}
            />
          </Field>
          <FormError message={errors.root?.message} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Salvar alterações
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

export function EditSector({
  sector,
  sectors,
  companyId,
}: {
  sector: Sector;
  /** The sectors of the same establishment. */
  sectors: Sector[];
  companyId: string | null;
}) {
  const write = useRiskWrite(companyId);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const below = subtree(sectors, sector.id);
  const parents = sectors.filter((s) => !below.has(s.id));
  const form = useForm<SectorEditValues, unknown, SectorUpdate>({ resolver: zodResolver(sectorEditFormSchema) });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ parentId, ...values }) => {
    // Only a real change of place is sent: a sector with answers may be renamed but not moved.
    const body = { ...values, ...(parentId !== sector.parentId ? { parentId } : {}) };
    try {
      toast.success(
        (await write.mutateAsync({ path: `/api/risks/sectors/${sector.id}`, method: "PATCH", body })).message,
      );
      setOpen(false);
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });
  const remove = () =>
    write.mutate(
      { path: `/api/risks/sectors/${sector.id}${scopeQuery(companyId)}`, method: "DELETE", body: undefined },
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
  const id = (field: string) => `edit-sec-${field}-${sector.id}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Editar ${sector.name}`}
        onClick={() => {
          // Each opening starts from what is saved, as a fresh form would.
          form.reset({
            name: sector.name,
            kind: sector.kind,
            parentId: sector.parentId ?? "",
            activities: sector.activities,
            headcount: sector.headcount,
          });
          setOpen(true);
        }}
      >
        Editar
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Editar ${sector.name}`}>
        <form className="space-y-3" onSubmit={onSubmit} noValidate>
          {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
          <Field id={id("name")} label="Nome do setor" error={errors.name?.message}>
            <Input
              {...describedBy(id("name"), errors.name?.message)}
              required
              maxLength={120}
              {...form.register("name")}
            />
          </Field>
          <Field id={id("kind")} label="Tipo" error={errors.kind?.message}>
            <Select {...describedBy(id("kind"), errors.kind?.message)} {...form.register("kind")}>
              <option value="setor">Setor</option>
              <option value="ghe">GHE (grupo de exposição similar)</option>
            </Select>
          </Field>
          <Field id={id("parent")} label="Dentro de" error={errors.parentId?.message}>
            <Select {...describedBy(id("parent"), errors.parentId?.message)} {...form.register("parentId")}>
              <option value="">(nível principal)</option>
              {parents.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("activities")} label="Processos e atividades" error={errors.activities?.message}>
            <Textarea
              {...describedBy(id("activities"), errors.activities?.message)}
              rows={3}
              maxLength={4000}
              {...form.register("activities")}
            />
          </Field>
          <Field id={id("headcount")} label="Número de trabalhadores" error={errors.headcount?.message}>
            <Input
              {...describedBy(id("headcount"), errors.headcount?.message)}
              type="number"
              min={0}
              max={100000}
              {...form.register("headcount", { setValueAs: blankAsZero })}
            />
          </Field>
          <EditDialogActions
            deleteLabel="Excluir setor"
            onDelete={() => setConfirming(true)}
            onCancel={() => setOpen(false)}
            isPending={write.isPending}
          />
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Excluir ${sector.name}?`}
        description="Só é possível excluir um setor sem subsetores, sem membros e que nunca fez parte de uma campanha, avaliação ou ação. Inventários publicados não mudam."
        confirmLabel="Excluir setor"
        onConfirm={remove}
        isPending={write.isPending}
      />
    </>
  );
}
