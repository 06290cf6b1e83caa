import { zodResolver } from "@hookform/resolvers/zod";
import { FileText } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { formatIsoDay } from "#core/risks.ts";
import { establishmentUpdateSchema } from "#core/schemas/risks.ts";
import { DateField } from "#web/components/date-field.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { toast } from "#web/lib/toast.ts";
import { levelClass } from "./level-style.ts";
import type { Establishment, RiskOverview } from "./risk-types.ts";
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
            <div className="overflow-x-auto">
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="text-left">
                    <th className="p-2">Setor (a, b)</th>
                    <th className="p-2">Perigo e expostos (c)</th>
                    <th className="p-2">Monitoramento (d)</th>
                    <th className="p-2">Avaliação (e)</th>
                  </tr>
                </thead>
                <tbody>
                  {latest.content.lines.map((line) => (
                    <tr key={`${line.sectorId}-${line.hazard}`} className="border-t border-border align-top">
                      <td className="p-2">
                        <strong>{line.sectorName}</strong>
                        <span className="block text-muted">{line.activities}</span>
                      </td>
                      <td className="p-2">
                        {line.hazardName}
                        <span className="block text-muted">
                          {line.exposed} expostos · {line.measuresInPlace || "sem medidas registradas"}
                        </span>
                      </td>
                      <td className="p-2 text-muted">{line.monitoring}</td>
                      <td className="p-2">
                        <Badge className={levelClass(line.levelIndex ?? 0)}>{line.level}</Badge>
                        <span className="block">{line.decision}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="text-xs text-muted">
              f) Critérios: versão {latest.content.criteria.version}. Questionário: {latest.content.instrument.title}.
            </p>
          </Card>
        );
      })}
    </div>
  );
}
