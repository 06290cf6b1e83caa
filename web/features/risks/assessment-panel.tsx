import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { formatNumber } from "#core/format.ts";
import { hazardName, hazards, levelOf, proposedProbability } from "#core/risks.ts";
import { evidenceLabels } from "#core/schemas/risks.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Field, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { levelClass } from "./level-style.ts";
import type { Campaign, CampaignFigures, RiskOverview } from "./risk-types.ts";
import { useAssessments, useRiskWrite } from "./risks.queries.ts";

type Results = NonNullable<CampaignFigures["results"]>;

/** The adverse share behind a sector and hazard: the shown row that holds the sector's answers. */
function adverseShareFor(results: Results, sectorId: string, sectorName: string, hazard: string): number | null {
  const row =
    results.rows.find((r) => r.sectorId === sectorId) ?? results.rows.find((r) => r.pooledFrom.includes(sectorName));
  if (!row) return null;
  const ids = results.dimensions.filter((d) => d.hazards.includes(hazard)).map((d) => d.id);
  const shares = row.cells.filter((c) => ids.includes(c.id)).map((c) => c.adverseShare);
  return shares.length ? Math.max(...shares) : null;
}

export function AssessmentPanel({
  data,
  companyId,
  campaign,
  results,
}: {
  data: RiskOverview;
  companyId: string | null;
  campaign: Campaign;
  results: Results;
}) {
  const write = useRiskWrite(companyId);
  const assessments = useAssessments(companyId, campaign.id);
  const criteria = data.criteria.find((c) => c.status === "published");
  const sectors = data.sectors.filter((s) => s.establishmentId === campaign.establishmentId);
  const [sectorId, setSectorId] = useState(sectors[0]?.id ?? "");
  const [hazard, setHazard] = useState<string>(hazards[0].id);
  const [error, setError] = useState<string>();
  if (!criteria) return <Alert tone="warning">Publique os critérios (aba Critérios) para avaliar os riscos.</Alert>;
  const size = criteria.content.size;
  const sector = sectors.find((s) => s.id === sectorId);
  const share = adverseShareFor(results, sectorId, sector?.name ?? "", hazard);
  const proposed = share === null ? 1 : proposedProbability(share, size);
  const saved = assessments.data?.find((a) => a.sectorId === sectorId && a.hazard === hazard);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    write.mutate(
      {
        path: `/api/risks/campaigns/${campaign.id}/assessments`,
        method: "PUT",
        body: {
          sectorId,
          hazard,
          probability: Number(form.get("probability")),
          severity: Number(form.get("severity")),
          rationale: form.get("rationale"),
          sources: form.get("sources"),
          harms: form.get("harms"),
          measuresInPlace: form.get("measuresInPlace"),
          evidence: form.getAll("evidence"),
        },
      },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setError(undefined);
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const publish = () =>
    write.mutate(
      { path: `/api/risks/campaigns/${campaign.id}/inventory` },
      { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) },
    );

  return (
    <Card className="space-y-4">
      <div>
        <CardTitle>Avaliação de riscos</CardTitle>
        <CardDescription>
          Para cada setor e perigo: a probabilidade proposta pelos resultados (ajuste com justificativa) × a severidade,
          classificadas pelos critérios versão {criteria.version}.
        </CardDescription>
      </div>
      <form key={`${sectorId}-${hazard}-${saved?.id ?? "new"}`} className="grid gap-3 sm:grid-cols-2" onSubmit={save}>
        <Field id="as-sector" label="Setor">
          <Select id="as-sector" value={sectorId} onChange={(e) => setSectorId(e.target.value)}>
            {sectors.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="as-hazard" label="Perigo">
          <Select id="as-hazard" value={hazard} onChange={(e) => setHazard(e.target.value)}>
            {hazards.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="as-probability"
          label="Probabilidade"
          hint={
            share === null
              ? "Sem resultado visível para este setor: avalie por outras evidências."
              : `Proposta pela pesquisa: ${proposed} (${formatNumber(share, { upTo: 3 })}% das respostas em faixa adversa).`
          }
        >
          <Select id="as-probability" name="probability" defaultValue={saved?.probability ?? proposed}>
            {criteria.content.probability.map((p, i) => (
              <option key={p.label} value={i + 1}>
                {i + 1} – {p.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="as-severity" label="Severidade">
          <Select id="as-severity" name="severity" defaultValue={saved?.severity ?? Math.ceil(size / 2)}>
            {criteria.content.severity.map((s, i) => (
              <option key={s.label} value={i + 1}>
                {i + 1} – {s.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="as-harms" label="Possíveis lesões ou agravos à saúde">
          <Input id="as-harms" name="harms" defaultValue={saved?.harms ?? ""} maxLength={2000} />
        </Field>
        <Field id="as-sources" label="Fontes ou circunstâncias">
          <Input id="as-sources" name="sources" defaultValue={saved?.sources ?? ""} maxLength={2000} />
        </Field>
        <Field id="as-measures" label="Medidas de prevenção já implementadas" className="sm:col-span-2">
          <Input id="as-measures" name="measuresInPlace" defaultValue={saved?.measuresInPlace ?? ""} maxLength={2000} />
        </Field>
        <Field id="as-rationale" label="Justificativa" className="sm:col-span-2" error={error}>
          <Textarea
            id="as-rationale"
            name="rationale"
            rows={2}
            defaultValue={saved?.rationale ?? ""}
            maxLength={2000}
          />
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Evidências usadas</legend>
          <div className="flex flex-wrap gap-x-4">
            {Object.entries(evidenceLabels).map(([value, label]) => (
              <label key={value} className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="evidence"
                  value={value}
                  defaultChecked={saved ? saved.evidence.includes(value) : value === "pesquisa"}
                  className="size-4"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={write.isPending}>
            Salvar avaliação
          </Button>
        </div>
      </form>
      {assessments.data?.length ? (
        <div className="space-y-3">
          <h3 className="font-medium">Linhas avaliadas ({assessments.data.length})</h3>
          <ul className="space-y-1 text-sm">
            {assessments.data.map((a) => {
              const level = levelOf(criteria.content, a.severity, a.probability);
              return (
                <li key={a.id} className="flex flex-wrap items-center gap-2">
                  <span className={`rounded px-2 py-0.5 ${levelClass(level.index)}`}>{level.name}</span>
                  {sectors.find((s) => s.id === a.sectorId)?.name} – {hazardName(a.hazard)} (S{a.severity} × P
                  {a.probability}) · {level.decision}
                </li>
              );
            })}
          </ul>
          <Button onClick={publish} disabled={write.isPending}>
            Publicar versão do inventário
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
