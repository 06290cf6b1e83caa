import { Users } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { formatIsoDay } from "#core/risks.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { FileList, FileUpload } from "./evidence-files.tsx";
import { recordKindLabels as kindLabels, RecordEdit } from "./record-edit.tsx";
import { ReviewTriggers } from "./review-triggers.tsx";
import type { RiskOverview } from "./risk-types.ts";
import { useRiskWrite } from "./risks.queries.ts";

export function ParticipationTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const [establishmentId, setEstablishmentId] = useState(data.establishments[0]?.id ?? "");
  const [error, setError] = useState<string>();
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    write.mutate(
      {
        path: `/api/risks/establishments/${establishmentId}/records`,
        body: {
          kind: form.get("kind"),
          heldOn: form.get("heldOn"),
          description: form.get("description"),
          attendees: Number(form.get("attendees") || 0),
        },
      },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setError(undefined);
          formElement.reset();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
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
          {data.establishments.length ? (
            <Card>
              <CardTitle className="text-base">Novo registro</CardTitle>
              <form className="mt-3 space-y-3" onSubmit={add}>
                <Field id="rec-est" label="Estabelecimento">
                  <Select id="rec-est" value={establishmentId} onChange={(e) => setEstablishmentId(e.target.value)}>
                    {data.establishments.map((e) => (
                      <option key={e.id} value={e.id}>
                        {e.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field id="rec-kind" label="Tipo">
                  <Select id="rec-kind" name="kind">
                    {Object.entries(kindLabels).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field id="rec-date" label="Data">
                  <Input id="rec-date" name="heldOn" type="date" required />
                </Field>
                <Field id="rec-description" label="O que foi feito">
                  <Textarea id="rec-description" name="description" rows={3} required />
                </Field>
                <Field id="rec-attendees" label="Participantes" error={error}>
                  <Input id="rec-attendees" name="attendees" type="number" min={0} defaultValue={0} />
                </Field>
                <Button type="submit" disabled={write.isPending}>
                  Salvar registro
                </Button>
              </form>
            </Card>
          ) : null}
        </div>
      </section>
    </div>
  );
}
