import { zodResolver } from "@hookform/resolvers/zod";
import { Copy } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { messages } from "#core/messages.ts";
import { type ApiKeyInput, apiKeyInputSchema, type CreatedApiKey } from "#core/schemas/roster-api.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { HR_API_KEYS, useCreateApiKey } from "./roster.queries.ts";

/**
 * Names a new company key and shows its secret once (docs/decisions/044): after 'Já copiei' it is gone for
 * good. `base` is the kind's routes (the HR API's by default, the Resultados feed's: docs/decisions/088).
 */
export function ApiKeyForm({
  companyId,
  base = HR_API_KEYS,
  label = "Chave da API de RH",
  placeholder = "Por exemplo, Gupy produção",
}: {
  companyId: string | null;
  base?: string;
  label?: string;
  placeholder?: string;
}) {
  const create = useCreateApiKey(companyId, base);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<ApiKeyInput>({ resolver: zodResolver(apiKeyInputSchema), defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(values);
      setCreated(result);
      form.reset();
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;
      showServerError(form, error, message);
    }
  });

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success("Chave copiada.");
    } catch {
      toast.error("Não foi possível copiar. Selecione a chave e copie com Ctrl+C.");
    }
  }

  if (created) {
    return (
      <Alert tone="success" title={`Chave "${created.key.name}" criada`}>
        <div className="space-y-3">
          <p>{created.message}</p>
          <label htmlFor="api-key-secret" className="sr-only">
            {label}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="api-key-secret"
              readOnly
              value={created.secret}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copySecret(created.secret)}>
              <Copy aria-hidden className="size-4" /> Copiar
            </Button>
          </div>
          <Button variant="ghost" onClick={() => setCreated(null)}>
            Já copiei
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field id="api-key-name" label="Nome da nova chave" error={errors.name?.message} className="flex-1">
        <Input
          {...describedBy("api-key-name", errors.name?.message)}
          placeholder={placeholder}
          autoComplete="off"
          {...form.register("name")}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Criando..." : "Criar chave"}
      </Button>
      <FormError message={errors.root?.message} />
    </form>
  );
}
