import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { messages } from "#core/messages.ts";
import { type ActivationCheckInput, activationCheckInputSchema } from "#core/schemas/passkeys.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { type ActivationTicket, useActivationCheck } from "./activation.queries.ts";

/** Step 1: CPF and matrícula, as the company's HR file has them. One refusal whichever is wrong. */
export function ActivationCheckForm({ code, onFound }: { code: string; onFound: (ticket: ActivationTicket) => void }) {
  const check = useActivationCheck(code);
  const form = useForm<ActivationCheckInput>({
    resolver: zodResolver(activationCheckInputSchema),
    defaultValues: { cpf: "", matricula: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onFound(await check.mutateAsync(values));
    } catch (error) {
      const message =
        error instanceof ApiError && (error.isNetwork || error.status < 500) ? error.message : messages.invalidInput;
      showServerError(form, error, message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="ativar-cpf" label="CPF" error={errors.cpf?.message}>
        <Input
          {...describedBy("ativar-cpf", errors.cpf?.message)}
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          {...form.register("cpf")}
        />
      </Field>
      <Field id="ativar-matricula" label="Matrícula" error={errors.matricula?.message}>
        <Input
          {...describedBy("ativar-matricula", errors.matricula?.message)}
          autoComplete="off"
          {...form.register("matricula")}
        />
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Conferindo..." : "Continuar"}
      </Button>
    </form>
  );
}
