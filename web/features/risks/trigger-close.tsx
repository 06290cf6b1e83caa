/**
 * How a review trigger was closed, in the review log (docs/decisions/091): the day and what was done,
 * or a short form to close it once the review is done.
 */
import { useState } from "react";
import { formatIsoDay } from "#core/risks.ts";
import type { ReviewTrigger } from "#core/schemas/risk-responses.ts";
import { DateField } from "#web/components/date-field.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Textarea } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useRiskWrite } from "./risks.queries.ts";

export function TriggerClosure({ trigger, companyId }: { trigger: ReviewTrigger; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const [open, setOpen] = useState(false);
  const [closedOn, setClosedOn] = useState("");
  const [closure, setClosure] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (trigger.closedOn)
    return (
      <p className="mt-1 text-xs">
        <strong>Concluída em {formatIsoDay(trigger.closedOn)}:</strong> {trigger.closure}
      </p>
    );
  if (!open)
    return (
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        Concluir revisão
      </Button>
    );
  const submit = async () => {
    setError(null);
    try {
      const path = `/api/risks/review-triggers/${trigger.id}/close`;
      toast.success((await write.mutateAsync({ path, body: { closedOn, closure } })).message);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <div className="mt-2 space-y-2">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <DateField id={`close-on-${trigger.id}`} label="Concluída em" value={closedOn} onChange={setClosedOn} required />
      <Field id={`closure-${trigger.id}`} label="O que foi feito">
        <Textarea id={`closure-${trigger.id}`} rows={2} value={closure} onChange={(e) => setClosure(e.target.value)} />
      </Field>
      <Button size="sm" onClick={submit} disabled={write.isPending}>
        Salvar conclusão
      </Button>
    </div>
  );
}
