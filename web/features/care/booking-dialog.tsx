import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { bookInputSchema } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useBook, useReschedule } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";
import { CareTerms } from "./care-terms.tsx";

// The box starts unticked; the server's rule (accepted, with its message) decides.
const termsFormSchema = z.object({ acceptTerms: z.boolean() }).pipe(bookInputSchema.pick({ acceptTerms: true }));

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
  return (
    <Dialog
      open={slot !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={rescheduling ? "Remarcar consulta" : "Confirmar agendamento"}
      description={slot ? `${psychologist.fullName} · ${careWhen(slot)} (horário de Brasília)` : undefined}
    >
      {/* Inside the dialog, so each opening starts unticked and without an error. */}
      {slot ? (
        <TermsForm
          psychologistId={psychologist.id}
          slot={slot}
          rescheduling={rescheduling}
          lateCancelConsumes={lateCancelConsumes}
          onClose={onClose}
          onBooked={onBooked}
        />
      ) : null}
    </Dialog>
  );
}

function TermsForm({
  psychologistId,
  slot,
  rescheduling,
  lateCancelConsumes,
  onClose,
  onBooked,
}: {
  psychologistId: string;
  slot: string;
  rescheduling: string | null;
  lateCancelConsumes: boolean;
  onClose: () => void;
  onBooked: () => void;
}) {
  const book = useBook();
  const reschedule = useReschedule();
  const form = useForm<z.input<typeof termsFormSchema>, unknown, z.output<typeof termsFormSchema>>({
    resolver: zodResolver(termsFormSchema),
    defaultValues: { acceptTerms: false },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.acceptTerms?.message ?? errors.root?.message;

  const onSubmit = form.handleSubmit(async () => {
    try {
      if (rescheduling) await reschedule.mutateAsync({ appointmentId: rescheduling, startsAt: slot });
      else await book.mutateAsync({ psychologistId, startsAt: slot });
      toast.success(
        rescheduling
          ? "Consulta remarcada. Enviamos o convite atualizado por e-mail."
          : "Consulta agendada. Enviamos o convite por e-mail.",
      );
      onBooked();
    } catch (failure) {
      form.setError("root", {
        message: errorText(failure, "Não foi possível agendar agora. Tente novamente em instantes."),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <CareTerms lateCancelConsumes={lateCancelConsumes} />
      <label htmlFor="aceite-termos" className="flex items-start gap-3 rounded-md bg-surface-2 p-3 text-sm">
        <input
          id="aceite-termos"
          type="checkbox"
          className="mt-0.5 size-4 accent-[var(--color-primary)]"
          aria-invalid={errors.acceptTerms ? true : undefined}
          aria-describedby={error ? "aceite-termos-error" : undefined}
          {...form.register("acceptTerms")}
        />
        Li e aceito os termos do atendimento.
      </label>
      {error ? (
        <p id="aceite-termos-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Confirmando..." : rescheduling ? "Confirmar nova data" : "Confirmar agendamento"}
        </Button>
      </div>
    </form>
  );
}
