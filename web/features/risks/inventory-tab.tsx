import { zodResolver } from "@hookform/resolvers/zod";
import { FileText } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { formatIsoDay } from "#core/risks.ts";
import type { Establishment, RiskOverview } from "#core/schemas/risk-responses.ts";
import { establishmentUpdateSchema } from "#core/schemas/risks.ts";
import { DateField } from "#web/components/date-field.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { toast } from "#web/lib/toast.ts";
import { InventoryLinesTable } from "./inventory-lines-table.tsx";
import { PublishedVersions } from "./published-versions.tsx";
import { scopeQuery, useRiskWrite } from "./risks.queries.ts";

function ReviewDate({ establishment, companyId }: { establishment: Establishment; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const id = `review-${establishment.id}`;
  const form = useForm<z.input<typeof establishmentUpdateSchema>>({
    resolver: zodResolver(establishmentUpdateSchema),
    defaultValues: { nextReviewOn: establishment.nextReviewOn ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const path = `/api/risks/establishments/${establishment.id}`;
      toast.success((await write.mutateAsync({ path, method: "PATCH", body })).message);
    } catch (error) {
      toast.error((error as Error).message);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
      <Controller
        control={form.control}
        name="nextReviewOn"
        render={({ field }) => (
          <DateField id={id} label="Próxima revisão" error={errors.nextReviewOn?.message} {...field} />
        )}
      />
      <Button type="submit" variant="secondary" disabled={isSubmitting || !form.watch("nextReviewOn")}>
        Salvar data
      </Button>
    </form>
  );
}

export function InventoryTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  if (data.inventories.length === 0) {
    return (
      <EmptyState icon={FileText} title="Nenhum inventário publicado">
        Avalie os riscos na aba Resultados e clique em "Publicar versão do inventário".
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      <Alert tone="info">
        Cada versão publicada fica congelada e é guardada por 20 anos (NR-1 1.5.7.3.3.1), mesmo que a empresa seja
        excluída do Sereno. Revise o inventário a cada 2 anos ou após mudanças, acidentes ou pedidos dos trabalhadores.
      </Alert>
      {data.inventories.length ? (
        <p className="text-sm">
          <a
            className={buttonClass("secondary", "sm")}
            href={`/api/risks/sst-export.xlsx${scopeQuery(companyId)}`}
            download
          >
            Planilha para o sistema de SST
          </a>{" "}
          <span className="text-muted">
            Todos os estabelecimentos: uma linha por perigo, setor e GHE, e o plano de ação.
          </span>
        </p>
      ) : null}
      {data.establishments.map((establishment) => {
        const versions = data.inventories.filter((v) => v.establishmentId === establishment.id);
        const latest = versions[0];
        if (!latest) return null;
        return (
          <Card key={establishment.id} className="space-y-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <CardTitle>
                  {establishment.name} – versão {latest.version}
                </CardTitle>
                <CardDescription>
                  Publicada em {formatIsoDay(latest.publishedAt)} · guardar até {formatIsoDay(latest.retainUntil)} ·{" "}
                  {versions.length} {versions.length === 1 ? "versão" : "versões"}
                </CardDescription>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  className={buttonClass("primary", "sm")}
                  href={`/api/risks/establishments/${establishment.id}/export.pdf${scopeQuery(companyId)}`}
                  download
                >
                  Baixar PDF
                </a>
                <a
                  className={buttonClass("secondary", "sm")}
                  href={`/api/risks/establishments/${establishment.id}/export.xlsx${scopeQuery(companyId)}`}
                  download
                >
                  Baixar XLSX
                </a>
              </div>
            </div>
            <ReviewDate establishment={establishment} companyId={companyId} />
            <InventoryLinesTable lines={latest.content.lines} />
            <p className="text-xs text-muted">
              f) Critérios: versão {latest.content.criteria.version}. Questionário: {latest.content.instrument.title}.
            </p>
            <p className="text-sm text-muted">
              “Baixar PDF” e “Baixar XLSX” trazem a versão em vigor com o plano de ação, os registros e as revisões de
              hoje. Cada versão publicada abaixo traz o plano do dia em que foi publicada, sem mudanças.
            </p>
            <PublishedVersions versions={versions} companyId={companyId} />
          </Card>
        );
      })}
    </div>
  );
}
