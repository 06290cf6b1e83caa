/**
 * 'Editar dimensões' on an open action's card in Plano de ação (docs/decisions/098): which of the
 * instrument's dimensions the action should move; the before and after (decision 091) follow the new
 * ones. A concluded or cancelled action keeps its dimensions (the server refuses the change).
 */
import { type FormEvent, useState } from "react";
import { effectMessages } from "#core/action-effect.ts";
import { instruments } from "#core/risks.ts";
import type { Action } from "#core/schemas/risk-responses.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { FormError } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useRiskWrite } from "./risks.queries.ts";

export function EditActionDimensions({ action, companyId }: { action: Action; companyId: string | null }) {
  const [open, setOpen] = useState(false);
  if (action.status === "concluida" || action.status === "cancelada") return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Editar dimensões
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Dimensões de “${action.title}”`}
        description="As dimensões do questionário que a ação deve melhorar. O antes e o depois passam a ser medidos nelas; a mudança fica no Registro de acessos."
      >
        <DimensionsForm action={action} companyId={companyId} onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function DimensionsForm({
  action,
  companyId,
  onDone,
}: {
  action: Action;
  companyId: string | null;
  onDone: () => void;
}) {
  const write = useRiskWrite(companyId);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const dimensions = new FormData(event.currentTarget).getAll("dimensions").map(String);
    if (dimensions.length === 0) return setError(effectMessages.dimensionsRequired);
    setError(undefined);
    write.mutate(
      { path: `/api/risks/actions/${action.id}/dimensions`, method: "PUT", body: { dimensions } },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Dimensões que a ação deve melhorar</legend>
        <div className="max-h-72 space-y-1 overflow-y-auto">
          {(instruments[0]?.dimensions ?? []).map((d) => (
            <label key={d.id} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="dimensions"
                className="size-4 accent-primary"
                value={d.id}
                defaultChecked={action.dimensions.includes(d.id)}
              />
              {d.name}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={write.isPending}>
          {write.isPending ? "Salvando…" : "Salvar dimensões"}
        </Button>
      </div>
    </form>
  );
}
