import { zodResolver } from "@hookform/resolvers/zod";
import { Users } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { formatIsoDay } from "#core/risks.ts";
import type { RiskOverview } from "#core/schemas/risk-responses.ts";
import { DateField } from "#web/components/date-field.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { FileList, FileUpload } from "./evidence-files.tsx";
import { recordKindLabels as kindLabels, RecordEdit } from "./record-edit.tsx";
import { ReviewTriggers } from "./review-triggers.tsx";
import { blankAsZero, recordFormSchema } from "./risk-form-values.ts";
import { useRiskWrite } from "./risks.queries.ts";

export function ParticipationTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  return (
    <div className="space-y-8">
      {data.establishments.length ? (
        <section aria-labelledby="reviews-heading" className="space-y-3">
          <h2 id="reviews-heading" className="text-lg font-semibold">
            Revisões
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            {data.establishments.map((establishment) => (
              <ReviewTriggers
                key={establishment.id}
                establishment={establishment}
                triggers={(data.reviewTriggers ?? []).filter((t) => t.establishmentId === establishment.id)}
                companyId={companyId}
              />
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="records-heading" className="space-y-3">
        <h2 id="records-heading" className="text-lg font-semibold">
          Consulta e comunicação aos trabalhadores
        </h2>
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="space-y-3">
            <p className="text-sm text-muted">
              NR-1 1.5.3.3: registre como os trabalhadores foram consultados sobre os riscos e informados do inventário
              e do plano. Os membros veem o inventário e o plano publicados do seu estabelecimento no Sereno.
            </p>
            {data.records.length === 0 ? (
              <EmptyState icon={Users} title="Nenhum registro de participação" />
            ) : (
              data.records.map((record) => (
                <Card key={record.id}>
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle className="text-base">
                      {formatIsoDay(record.heldOn)} – {kindLabels[record.kind]}
                    </CardTitle>
                    <RecordEdit
                      record={record}
                      title={`${formatIsoDay(record.heldOn)} – ${kindLabels[record.kind]}`}
                      companyId={companyId}
                    />
                  </div>
                  <p className="text-sm">{record.description}</p>
                  <p className="text-sm text-muted">
                    {data.establishments.find((e) => e.id === record.establishmentId)?.name} · {record.attendees}{" "}
                    participantes
                  </p>
                  <FileList
                    files={record.files}
                    removePath={`/api/risks/records/${record.id}/files`}
                    companyId={companyId}
                  />
                  <div className="mt-2">
                    <FileUpload
                      id={`record-file-${record.id}`}
                      label="Anexar ata, lista de presença ou comunicado (PDF ou imagem)"
                      path={`/api/risks/records/${record.id}/files`}
                      companyId={companyId}
                    />
                  </div>
                </Card>
              ))
            )}
          </div>
          {data.establishments.length ? <NewRecord data={data} companyId={companyId} /> : null}
        </div>
      </section>
    </div>
  );
}

function NewRecord({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const form = useForm<z.input<typeof recordFormSchema>>({
    resolver: zodResolver(recordFormSchema),
    defaultValues: {
      establishmentId: data.establishments[0]?.id ?? "",
      kind: "cipa",
      heldOn: "",
      description: "",
      attendees: 0,
      harassmentOnAgenda: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ establishmentId, ...body }) => {
    try {
      const path = `/api/risks/establishments/${establishmentId}/records`;
      toast.success((await write.mutateAsync({ path, body })).message);
      // A new record for the same establishment, as a fresh form would start.
      form.reset({ ...form.formState.defaultValues, establishmentId });
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });

  return (
    <Card>
      <CardTitle className="text-base">Novo registro</CardTitle>
      <form className="mt-3 space-y-3" onSubmit={onSubmit} noValidate>
        <Field id="rec-est" label="Estabelecimento" error={errors.establishmentId?.message}>
          <Select {...describedBy("rec-est", errors.establishmentId?.message)} {...form.register("establishmentId")}>
            {data.establishments.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="rec-kind" label="Tipo" error={errors.kind?.message}>
          <Select {...describedBy("rec-kind", errors.kind?.message)} {...form.register("kind")}>
            {Object.entries(kindLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Controller
          control={form.control}
          name="heldOn"
          render={({ field }) => (
            <DateField id="rec-date" label="Data" error={errors.heldOn?.message} required {...field} />
          )}
        />
        <Field id="rec-description" label="O que foi feito" error={errors.description?.message}>
          <Textarea
            {...describedBy("rec-description", errors.description?.message)}
            rows={3}
            required
            {...form.register("description")}
          />
        </Field>
        <Field id="rec-attendees" label="Participantes" error={errors.attendees?.message}>
          <Input
            {...describedBy("rec-attendees", errors.attendees?.message)}
            type="number"
            min={0}
            {...form.register("attendees", { setValueAs: blankAsZero })}
          />
        </Field>
        {form.watch("kind") === "cipa" ? (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" {...form.register("harassmentOnAgenda")} />
            Assédio na pauta (entra no dossiê da Lei 14.457)
          </label>
        ) : null}
        <FormError message={errors.root?.message} />
        <Button type="submit" disabled={isSubmitting}>
          Salvar registro
        </Button>
      </form>
    </Card>
  );
}
