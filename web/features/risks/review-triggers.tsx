/**
 * Revisões on the Participação tab: each establishment's next review date and
 * the triggers recorded for it (NR-1 1.5.4.4.6), with a dialog to record one
 * that may pull the date earlier (docs/decisions/026, section 14).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { reviewTriggerKindLabels } from "#core/risk-messages.ts";
import { formatIsoDay } from "#core/risks.ts";
import type { Establishment, ReviewTrigger } from "#core/schemas/risk-responses.ts";
import type { ReviewTriggerInput } from "#core/schemas/risks.ts";
import { DateField } from "#web/components/date-field.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { describedBy, Field, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { type TriggerValues, triggerFormSchema } from "./risk-form-values.ts";
import { useRiskWrite } from "./risks.queries.ts";
import { TriggerClosure } from "./trigger-close.tsx";

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
              <TriggerClosure trigger={trigger} companyId={companyId} />
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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Registrar motivo de revisão"
      description={establishment.name}
    >
      {/* Inside the dialog, so each opening starts empty. */}
      <TriggerForm establishment={establishment} companyId={companyId} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function TriggerForm({
  establishment,
  companyId,
  onDone,
}: {
  establishment: Establishment;
  companyId: string | null;
  onDone: () => void;
}) {
  const write = useRiskWrite(companyId);
  const id = (field: string) => `trigger-${field}-${establishment.id}`;
  const form = useForm<TriggerValues, unknown, ReviewTriggerInput>({
    resolver: zodResolver(triggerFormSchema),
    defaultValues: { kind: "organizacao", occurredOn: "", description: "", reviewDueOn: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const path = `/api/risks/establishments/${establishment.id}/review-triggers`;
      toast.success((await write.mutateAsync({ path, body })).message);
      onDone();
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });

  return (
    <form className="space-y-3" onSubmit={onSubmit} noValidate>
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <Field id={id("kind")} label="Motivo" error={errors.kind?.message}>
        <Select {...describedBy(id("kind"), errors.kind?.message)} {...form.register("kind")}>
          {Object.entries(reviewTriggerKindLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Controller
        control={form.control}
        name="occurredOn"
        render={({ field }) => (
          <DateField
            id={id("occurred")}
            label="Quando aconteceu"
            error={errors.occurredOn?.message}
            required
            {...field}
          />
        )}
      />
      <Field id={id("description")} label="O que aconteceu" error={errors.description?.message}>
        <Textarea
          {...describedBy(id("description"), errors.description?.message)}
          rows={3}
          required
          maxLength={2000}
          {...form.register("description")}
        />
      </Field>
      <Controller
        control={form.control}
        name="reviewDueOn"
        render={({ field }) => (
          <DateField
            id={id("due")}
            label="Antecipar a próxima revisão para (opcional)"
            error={errors.reviewDueOn?.message}
            hint={
              establishment.nextReviewOn
                ? `Hoje a próxima revisão está marcada para ${formatIsoDay(establishment.nextReviewOn)}. Deixe em branco para mantê-la.`
                : "Deixe em branco para não marcar uma data agora."
            }
            {...field}
          />
        )}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          Registrar motivo
        </Button>
      </div>
    </form>
  );
}
