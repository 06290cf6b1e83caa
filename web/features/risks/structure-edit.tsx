/** Editing an establishment or a sector/GHE after creation, and deleting an unused sector (docs/decisions/026, section 10). */
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { formatCnpj } from "#core/cnpj.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { EditDialogActions } from "./edit-dialog-actions.tsx";
import type { Establishment, Sector } from "./risk-types.ts";
import { scopeQuery, useRiskWrite } from "./risks.queries.ts";

function formValues(event: FormEvent<HTMLFormElement>) {
  return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
}

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
  const [error, setError] = useState<string>();
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    write.mutate(
      { path: `/api/risks/establishments/${establishment.id}`, method: "PATCH", body: formValues(event) },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setOpen(false);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Editar estabelecimento ${establishment.name}`}
        onClick={() => {
          setError(undefined);
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
        <form className="space-y-3" onSubmit={save}>
          <Field id={`edit-est-name-${establishment.id}`} label="Nome">
            <Input
              id={`edit-est-name-${establishment.id}`}
              name="name"
              required
              maxLength={120}
              defaultValue={establishment.name}
            />
          </Field>
          <Field id={`edit-est-cnpj-${establishment.id}`} label="CNPJ" error={error}>
            <Input
              id={`edit-est-cnpj-${establishment.id}`}
              name="cnpj"
              required
              inputMode="numeric"
              defaultValue={formatCnpj(establishment.cnpj)}
              aria-invalid={error ? true : undefined}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={write.isPending}>
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
  const [error, setError] = useState<string>();
  const below = subtree(sectors, sector.id);
  const parents = sectors.filter((s) => !below.has(s.id));
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event);
    write.mutate(
      {
        path: `/api/risks/sectors/${sector.id}`,
        method: "PATCH",
        body: {
          name: values.name,
          kind: values.kind,
          activities: values.activities,
          headcount: Number(values.headcount || 0),
          // Only a real change of place is sent: a sector with answers may be renamed but not moved.
          ...((values.parentId || null) !== sector.parentId ? { parentId: values.parentId || null } : {}),
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
      { path: `/api/risks/sectors/${sector.id}${scopeQuery(companyId)}`, method: "DELETE", body: undefined },
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
  const id = (field: string) => `edit-sec-${field}-${sector.id}`;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Editar ${sector.name}`}
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
      >
        Editar
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={`Editar ${sector.name}`}>
        <form className="space-y-3" onSubmit={save}>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Field id={id("name")} label="Nome do setor">
            <Input id={id("name")} name="name" required maxLength={120} defaultValue={sector.name} />
          </Field>
          <Field id={id("kind")} label="Tipo">
            <Select id={id("kind")} name="kind" defaultValue={sector.kind}>
              <option value="setor">Setor</option>
              <option value="ghe">GHE (grupo de exposição similar)</option>
            </Select>
          </Field>
          <Field id={id("parent")} label="Dentro de">
            <Select id={id("parent")} name="parentId" defaultValue={sector.parentId ?? ""}>
              <option value="">(nível principal)</option>
              {parents.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("activities")} label="Processos e atividades">
            <Textarea
              id={id("activities")}
              name="activities"
              rows={3}
              maxLength={4000}
              defaultValue={sector.activities}
            />
          </Field>
          <Field id={id("headcount")} label="Número de trabalhadores">
            <Input
              id={id("headcount")}
              name="headcount"
              type="number"
              min={0}
              max={100000}
              defaultValue={sector.headcount}
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
