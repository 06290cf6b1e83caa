/**
 * Revisões on the Participação tab: each establishment's next review date and
 * the triggers recorded for it (NR-1 1.5.4.4.6), with a dialog to record one
 * that may pull the date earlier (docs/decisions/026, section 14).
 */
import { CalendarClock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { reviewTriggerKindLabels } from "#core/risk-messages.ts";
import { formatIsoDay } from "#core/risks.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import type { Establishment, ReviewTrigger } from "./risk-types.ts";
import { useRiskWrite } from "./risks.queries.ts";

export function ReviewTriggers({
  establishment,
  triggers,
  companyId,
}: {
  establishment: Establishment;
  triggers: ReviewTrigger[];
  companyId: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle className="text-base">{establishment.name}</CardTitle>
          <p className="mt-1 flex items-center gap-1.5 text-sm">
            <CalendarClock aria-hidden className="size-4 shrink-0 text-muted" />
            Próxima revisão:{" "}
            <strong>{establishment.nextReviewOn ? formatIsoDay(establishment.nextReviewOn) : "não definida"}</strong>
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Registrar motivo de revisão
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted">
        NR-1 1.5.4.4.6: revise a avaliação a cada 2 anos, no máximo, ou antes, quando houver mudança na organização do
        trabalho, acidente ou adoecimento relacionado ao trabalho, ou pedido dos trabalhadores ou da CIPA.
      </p>
      {triggers.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nenhum motivo de revisão registrado.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {triggers.map((trigger) => (
            <li key={trigger.id} className="rounded-lg border border-border p-3 text-sm">
              <p className="font-medium">
                {formatIsoDay(trigger.occurredOn)} – {reviewTriggerKindLabels[trigger.kind]}
              </p>
              <p className="mt-1">{trigger.description}</p>
              <p className="mt-1 text-xs text-muted">
                Registrado por {trigger.recordedBy}
                {trigger.reviewDueOn ? ` · revisão antecipada para ${formatIsoDay(trigger.reviewDueOn)}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      <TriggerDialog open={open} onOpenChange={setOpen} establishment={establishment} companyId={companyId} />
    </Card>
  );
}

function TriggerDialog({
  open,
  onOpenChange,
  establishment,
  companyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  establishment: Establishment;
  companyId: string | null;
}) {
  const write = useRiskWrite(companyId);
  const [error, setError] = useState<string>();
  const id = (field: string) => `trigger-${field}-${establishment.id}`;
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reviewDueOn = String(form.get("reviewDueOn") ?? "");
    write.mutate(
      {
        path: `/api/risks/establishments/${establishment.id}/review-triggers`,
        body: {
          kind: form.get("kind"),
          occurredOn: form.get("occurredOn"),
          description: form.get("description"),
          ...(reviewDueOn ? { reviewDueOn } : {}),
        },
      },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          setError(undefined);
          onOpenChange(false);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined);
        onOpenChange(next);
      }}
      title="Registrar motivo de revisão"
      description={establishment.name}
    >
      <form className="space-y-3" onSubmit={save}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Field id={id("kind")} label="Motivo">
          <Select id={id("kind")} name="kind" defaultValue="organizacao">
            {Object.entries(reviewTriggerKindLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id("occurred")} label="Quando aconteceu">
          <Input id={id("occurred")} name="occurredOn" type="date" required />
        </Field>
        <Field id={id("description")} label="O que aconteceu">
          <Textarea id={id("description")} name="description" rows={3} required maxLength={2000} />
        </Field>
        <Field
          id={id("due")}
          label="Antecipar a próxima revisão para (opcional)"
          hint={
            establishment.nextReviewOn
              ? `Hoje a próxima revisão está marcada para ${formatIsoDay(establishment.nextReviewOn)}. Deixe em branco para mantê-la.`
              : "Deixe em branco para não marcar uma data agora."
          }
        >
          <Input id={id("due")} name="reviewDueOn" type="date" aria-describedby={`${id("due")}-hint`} />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" disabled={write.isPending}>
            Registrar motivo
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
