import { useState } from "react";
import { toast } from "sonner";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { type CareContactState, useSaveCareContact } from "./care.queries.ts";
import { errorText } from "./care-format.ts";

/** A personal address for care notices: corporate calendars are often visible to others. */
export function CareContactForm({ contact }: { contact: CareContactState }) {
  const [value, setValue] = useState(contact.careEmail ?? "");
  const [error, setError] = useState<string | undefined>();
  const save = useSaveCareContact();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(value.trim(), {
          onSuccess: (saved) =>
            toast.success(
              saved.careEmail ? `Os avisos vão para ${saved.careEmail}.` : "Os avisos vão para o e-mail da conta.",
            ),
          onError: (failure) => setError(errorText(failure, "Não foi possível salvar o e-mail.")),
        });
      }}
    >
      <Field
        id="email-cuidado"
        label="E-mail para avisos e convites de agenda"
        hint={`Vazio: usamos ${contact.accountEmail}. Use um e-mail pessoal se a agenda do trabalho é vista por outras pessoas.`}
        error={error}
        className="min-w-60 flex-1"
      >
        <Input id="email-cuidado" type="email" value={value} onChange={(event) => setValue(event.target.value)} />
      </Field>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Salvar e-mail
      </Button>
    </form>
  );
}
