import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { isInternalAddress } from "#core/internal-address.ts";
import { type CareContact, careContactSchema } from "#core/schemas/care.ts";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { toast } from "#web/lib/toast.ts";
import { type CareContactState, useSaveCareContact } from "./care.queries.ts";
import { errorText } from "./care-format.ts";

/** A personal address for care notices: corporate calendars are often visible to others. */
export function CareContactForm({ contact }: { contact: CareContactState }) {
  const save = useSaveCareContact();
  const form = useForm<z.input<typeof careContactSchema>, unknown, CareContact>({
    resolver: zodResolver(careContactSchema),
    defaultValues: { careEmail: contact.careEmail ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const error = errors.careEmail?.message;
  // Without e-mail the account has only the internal address, which is nobody's (core/internal-address.ts).
  const hasAccountEmail = !isInternalAddress(contact.accountEmail);

  const onSubmit = form.handleSubmit(async ({ careEmail }) => {
    try {
      const saved = await save.mutateAsync(careEmail ?? "");
      toast.success(
        saved.careEmail
          ? `Os avisos vão para ${saved.careEmail}.`
          : hasAccountEmail
            ? "Os avisos vão para o e-mail da conta."
            : "Sem e-mail aqui, os avisos e convites de agenda não são enviados.",
      );
    } catch (failure) {
      // One field: whatever the server says goes under it, as the schema's messages do.
      form.setError("careEmail", { message: errorText(failure, "Não foi possível salvar o e-mail.") });
    }
  });

  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
      <Field
        id="email-cuidado"
        label="E-mail para avisos e convites de agenda"
        hint={
          hasAccountEmail
            ? `Vazio: usamos ${contact.accountEmail}. Use um e-mail pessoal se a agenda do trabalho é vista por outras pessoas.`
            : "Sua conta não tem e-mail: informe um aqui para receber os avisos e convites de agenda."
        }
        error={error}
        className="min-w-60 flex-1"
      >
        <Input {...describedBy("email-cuidado", error, true)} type="email" {...form.register("careEmail")} />
      </Field>
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
        Salvar e-mail
      </Button>
    </form>
  );
}
