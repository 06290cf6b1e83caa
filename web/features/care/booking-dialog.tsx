import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { bookingConfirmation, careInviteAddress } from "#core/care.ts";
import { careTexts } from "#core/care-messages.ts";
import { isInternalAddress } from "#core/internal-address.ts";
import { bookInputSchema, careEmailSchema } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { useBook, useCareContact, useReschedule } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";
import { CareTerms } from "./care-terms.tsx";

// The box starts unticked; the server's rule (accepted, with its message) decides. On the first booking the
// member also says where notices and calendar invites go (a personal address suggested); checked on submit.
const termsFormSchema = z.object({
  acceptTerms: z.boolean().pipe(bookInputSchema.shape.acceptTerms),
  where: z.enum(["pessoal", "conta"]),
  personalEmail: z.string(),
});

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
  const contact = useCareContact();
  const asksWhere = !rescheduling && contact.data?.hasChosen === false;
  const form = useForm<z.input<typeof termsFormSchema>, unknown, z.output<typeof termsFormSchema>>({
    resolver: zodResolver(termsFormSchema),
    defaultValues: { acceptTerms: false, where: "pessoal", personalEmail: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.acceptTerms?.message ?? errors.root?.message;
  const where = form.watch("where");

  const onSubmit = form.handleSubmit(async (values) => {
    let careEmail: string | null | undefined;
    if (asksWhere && values.where === "pessoal") {
      const parsed = careEmailSchema.safeParse(values.personalEmail);
      const message = !parsed.success
        ? parsed.error.issues[0]?.message
        : parsed.data
          ? null
          : careTexts.careEmailRequired;
      if (message) {
        form.setError("personalEmail", { message });
        return;
      }
      careEmail = parsed.data;
    } else if (asksWhere) careEmail = null;
    try {
      if (rescheduling) await reschedule.mutateAsync({ appointmentId: rescheduling, startsAt: slot });
      else await book.mutateAsync({ psychologistId, startsAt: slot, careEmail });
      // Said as the person is reached: someone without e-mail (CPF or matrícula and passkey) gets no invite.
      const chosen = careEmail === undefined ? (contact.data?.careEmail ?? null) : careEmail;
      const inviteTo = contact.data ? careInviteAddress(chosen, contact.data.accountEmail) : "conta";
      toast.success(bookingConfirmation({ rescheduled: rescheduling !== null, inviteTo }));
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
      {asksWhere && contact.data ? (
        <fieldset className="space-y-2 rounded-md border border-border p-3 text-sm">
          <legend className="px-1 font-medium">Onde receber os avisos e convites de agenda</legend>
          <p className="text-muted">
            Sugerimos um e-mail pessoal: a agenda do trabalho costuma ser vista por colegas. O convite aparece só como
            “Compromisso Sereno”, e você pode trocar o endereço depois, em Apoio psicológico.
          </p>
          <label className="flex items-center gap-2">
            <input type="radio" value="pessoal" className="accent-[var(--color-primary)]" {...form.register("where")} />
            Meu e-mail pessoal (sugerido)
          </label>
          {where === "pessoal" ? (
            <Field id="email-pessoal" label="E-mail pessoal" error={errors.personalEmail?.message} className="ps-6">
              <Input
                {...describedBy("email-pessoal", errors.personalEmail?.message)}
                type="email"
                autoComplete="email"
                {...form.register("personalEmail")}
              />
            </Field>
          ) : null}
          <label className="flex items-center gap-2">
            <input type="radio" value="conta" className="accent-[var(--color-primary)]" {...form.register("where")} />
            {/* An account without e-mail has only the internal address, which is nobody's (core/internal-address.ts). */}
            {isInternalAddress(contact.data.accountEmail)
              ? "Não receber por e-mail (sua conta não tem e-mail)"
              : `O e-mail da conta (${contact.data.accountEmail})`}
          </label>
        </fieldset>
      ) : null}
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
