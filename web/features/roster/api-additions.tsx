import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { formatNumber } from "#core/format.ts";
import { loadFailed, messages } from "#core/messages.ts";
import { type ApiAllowanceInput, apiAllowanceInputSchema } from "#core/schemas/roster-api.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, FormError, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { useAllowAdditions, useApiAdditions } from "./roster.queries.ts";

/** The platform admin's confirmation past the day's cap: more people for the next 24 hours, audited. */
function AllowanceForm({ companyId }: { companyId: string }) {
  const allow = useAllowAdditions(companyId);
  const form = useForm<ApiAllowanceInput>({
    resolver: zodResolver(apiAllowanceInputSchema),
    defaultValues: { people: 25 },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await allow.mutateAsync(values);
      toast.success(`Liberadas mais ${formatNumber(values.people)} pessoas pela API nas próximas 24 horas.`);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;
      showServerError(form, error, message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field
        id="api-allowance"
        label="Liberar mais pessoas pela API (24 horas)"
        error={errors.people?.message}
        className="flex-1"
      >
        <Input
          {...describedBy("api-allowance", errors.people?.message)}
          type="number"
          inputMode="numeric"
          min={1}
          max={20_000}
          {...form.register("people", { valueAsNumber: true })}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
        {isSubmitting ? "Liberando..." : "Liberar"}
      </Button>
      <FormError message={errors.root?.message} />
    </form>
  );
}

/**
 * Where the HR API's day stands (docs/decisions/057): keys add at most 10 % of the roster (at
 * least 25) in 24 hours; past that a PUT's person waits for the manager (085) and a sync for the
 * platform admin, who allows more here.
 */
export function ApiAdditions({ companyId }: { companyId: string | null }) {
  const today = useApiAdditions(companyId);
  if (today.isError) return <Alert tone="error">{loadFailed("o limite de adições da API")}</Alert>;
  if (!today.data) return null;
  const { cap, added, allowed } = today.data;
  return (
    <div className="space-y-3 rounded-lg border border-border p-3">
      <p className="text-sm">
        Pessoas novas pela API nas últimas 24 horas:{" "}
        <strong className="tabular-nums">
          {formatNumber(added)} de {formatNumber(cap + allowed)}
        </strong>
        .{" "}
        <span className="text-muted">
          O limite do dia é 10% do cadastro, no mínimo 25
          {allowed > 0 ? `, mais ${formatNumber(allowed)} liberadas pelo suporte` : ""}. Passando dele, cada pessoa nova
          enviada pela API aguarda sua confirmação nesta página, e uma sincronização completa espera a liberação do
          suporte do Sereno; a importação por arquivo nesta página continua valendo.
        </span>
      </p>
      {companyId ? <AllowanceForm companyId={companyId} /> : null}
    </div>
  );
}
