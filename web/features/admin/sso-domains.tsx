import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatDatePtBR } from "#core/format.ts";
import { type SsoDomain, ssoDomainInputSchema } from "#core/schemas/sso.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { useAddSsoDomain, useRemoveSsoDomain, useVerifySsoDomain } from "./sso.queries.ts";
import { CopyValue, errorText } from "./sso-values.tsx";

/** The e-mail domains the company's sign-in covers: each proven by a TXT record, or verified by hand. */
export function SsoDomains({ companyId, domains }: { companyId: string; domains: SsoDomain[] }) {
  const add = useAddSsoDomain(companyId);
  const verify = useVerifySsoDomain(companyId);
  const remove = useRemoveSsoDomain(companyId);
  const form = useForm<z.input<typeof ssoDomainInputSchema>, unknown, z.output<typeof ssoDomainInputSchema>>({
    resolver: zodResolver(ssoDomainInputSchema),
    defaultValues: { domain: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldId = `sso-domain-${companyId}`;

  const onSubmit = form.handleSubmit(async ({ domain }) => {
    try {
      await add.mutateAsync(domain);
      form.reset();
    } catch (error) {
      showServerError(form, error, errorText(error));
    }
  });

  async function onVerify(domain: SsoDomain, manual: boolean) {
    try {
      await verify.mutateAsync({ domainId: domain.id, manual });
      toast.success(`${domain.domain} verificado.`);
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold">Domínios de e-mail</h4>
      {domains.length === 0 ? (
        <p className="text-sm text-muted">
          Nenhum domínio ainda. O login único vale para os e-mails dos domínios verificados.
        </p>
      ) : (
        <ul className="space-y-3">
          {domains.map((domain) => (
            <li key={domain.id} className="space-y-2 rounded-md bg-surface-2 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium wrap-anywhere">{domain.domain}</span>
                {domain.verifiedAt ? (
                  <Badge tone="success">
                    <CheckCircle2 aria-hidden className="size-3.5" />
                    {domain.verifiedBy === "dns" ? "Verificado pelo DNS" : "Verificado à mão"} em{" "}
                    {formatDatePtBR(domain.verifiedAt)}
                  </Badge>
                ) : (
                  <Badge tone="accent">Aguardando verificação</Badge>
                )}
              </div>
              {domain.verifiedAt ? null : (
                <>
                  <CopyValue label={`Registro TXT em ${domain.domain}`} value={domain.txtValue} />
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={verify.isPending}
                      onClick={() => void onVerify(domain, false)}
                    >
                      Verificar
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={verify.isPending}
                      onClick={() => void onVerify(domain, true)}
                    >
                      Verificar à mão
                    </Button>
                  </div>
                </>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="text-danger"
                aria-label={`Remover ${domain.domain}`}
                disabled={remove.isPending}
                onClick={() => remove.mutateAsync(domain.id).catch((error) => toast.error(errorText(error)))}
              >
                <Trash2 aria-hidden className="size-4" /> Remover
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field
          id={fieldId}
          label="Novo domínio"
          error={errors.domain?.message ?? errors.root?.message}
          className="flex-1"
        >
          <Input
            {...describedBy(fieldId, errors.domain?.message)}
            id={fieldId}
            placeholder="empresa.com.br"
            {...form.register("domain")}
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          Adicionar domínio
        </Button>
      </form>
    </div>
  );
}
