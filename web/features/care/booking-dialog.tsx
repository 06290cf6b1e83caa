import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useBook, useReschedule } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";
import { CareTerms } from "./care-terms.tsx";

/** Pick → read and accept the terms → confirm (issue 13). Rescheduling goes through the same step. */
export function BookingDialog({
  psychologist,
  slot,
  rescheduling,
  lateCancelConsumes,
  onClose,
  onBooked,
}: {
  psychologist: { id: string; fullName: string };
  slot: string | null;
  rescheduling: string | null;
  lateCancelConsumes: boolean;
  onClose: () => void;
  onBooked: () => void;
}) {
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const book = useBook();
  const reschedule = useReschedule();
  const checkboxId = useId();
  const pending = book.isPending || reschedule.isPending;

  async function confirm() {
    if (!slot) return;
    if (!accepted) {
      setError("Leia e aceite os termos do atendimento para confirmar.");
      return;
    }
    setError(null);
    try {
      if (rescheduling) await reschedule.mutateAsync({ appointmentId: rescheduling, startsAt: slot });
      else await book.mutateAsync({ psychologistId: psychologist.id, startsAt: slot });
      toast.success(
        rescheduling
          ? "Consulta remarcada. Enviamos o convite atualizado por e-mail."
          : "Consulta agendada. Enviamos o convite por e-mail.",
      );
      onBooked();
    } catch (failure) {
      setError(errorText(failure, "Não foi possível agendar agora. Tente novamente em instantes."));
    }
  }

  return (
    <Dialog
      open={slot !== null}
      onOpenChange={(open) => {
        if (!open) {
          setAccepted(false);
          setError(null);
          onClose();
        }
      }}
      title={rescheduling ? "Remarcar consulta" : "Confirmar agendamento"}
      description={slot ? `${psychologist.fullName} · ${careWhen(slot)} (horário de Brasília)` : undefined}
    >
      <div className="space-y-4">
        <CareTerms lateCancelConsumes={lateCancelConsumes} />
        <label htmlFor={checkboxId} className="flex items-start gap-3 rounded-md bg-surface-2 p-3 text-sm">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--color-primary)]"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
          />
          Li e aceito os termos do atendimento.
        </label>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Voltar
          </Button>
          <Button onClick={() => void confirm()} disabled={pending}>
            {pending ? "Confirmando..." : rescheduling ? "Confirmar nova data" : "Confirmar agendamento"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
