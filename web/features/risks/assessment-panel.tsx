import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { hazardName, hazards, levelOf } from "#core/risks.ts";
import type {
  Assessment,
  Campaign,
  CampaignFigures,
  Criteria,
  RiskOverview,
  Sector,
} from "#core/schemas/risk-responses.ts";
import { assessmentInputSchema, evidenceLabels } from "#core/schemas/risks.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, Field, FormError, Input, Select, Textarea } from "#web/components/ui/field.tsx";
import { showServerError } from "#web/lib/form-errors.ts";
import { toast } from "#web/lib/toast.ts";
import { levelClass } from "./level-style.ts";
import { PublishInventoryDialog } from "./publish-inventory-dialog.tsx";
import { useAssessments, useRiskWrite } from "./risks.queries.ts";
import { surveyProposal } from "./survey-proposal.ts";

type Results = NonNullable<CampaignFigures["results"]>;

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
  const assessments = useAssessments(companyId, campaign.id);
  const criteria = data.criteria.find((c) => c.status === "published");
  const sectors = data.sectors.filter((s) => s.establishmentId === campaign.establishmentId);
  const [sectorId, setSectorId] = useState(sectors[0]?.id ?? "");
  const [hazard, setHazard] = useState<string>(hazards[0].id);
  const [isPublishing, setIsPublishing] = useState(false);
  if (!criteria) return <Alert tone="warning">Publique os critérios (aba Critérios) para avaliar os riscos.</Alert>;
  const sector = sectors.find((s) => s.id === sectorId);
  const survey = surveyProposal(results, sectorId, sector?.name ?? "", hazard);
  const saved = assessments.data?.find((a) => a.sectorId === sectorId && a.hazard === hazard);

  return (
    <Card className="space-y-4">
      <div>
        <CardTitle>Avaliação de riscos</CardTitle>
        <CardDescription>
          Para cada setor e perigo: a probabilidade proposta pelos resultados (ajuste com justificativa) × a severidade,
          classificadas pelos critérios versão {criteria.version}.
        </CardDescription>
      </div>
      {/* A new pair, or its saved row arriving: the form starts again from what holds for it. */}
      <AssessmentForm
        key={`${sectorId}-${hazard}-${saved?.id ?? "new"}`}
        campaignId={campaign.id}
        companyId={companyId}
        criteria={criteria}
        sectors={sectors}
        sectorId={sectorId}
        onSectorChange={setSectorId}
        hazard={hazard}
        onHazardChange={setHazard}
        surveyHint={survey.hint}
        proposed={survey.proposed ?? 1}
        saved={saved}
      />
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
          <Button onClick={() => setIsPublishing(true)}>Publicar versão do inventário</Button>
          <PublishInventoryDialog
            open={isPublishing}
            onOpenChange={setIsPublishing}
            campaignId={campaign.id}
            companyId={companyId}
          />
        </div>
      ) : null}
    </Card>
  );
}

/** One sector and hazard's assessment; the two pickers choose which one the fields show. */
function AssessmentForm({
  campaignId,
  companyId,
  criteria,
  sectors,
  sectorId,
  onSectorChange,
  hazard,
  onHazardChange,
  surveyHint,
  proposed,
  saved,
}: {
  campaignId: string;
  companyId: string | null;
  criteria: Criteria;
  sectors: Sector[];
  sectorId: string;
  onSectorChange: (sectorId: string) => void;
  hazard: string;
  onHazardChange: (hazard: string) => void;
  /** What the survey says of this sector and hazard, and the probability it proposes (decision 060). */
  surveyHint: string;
  proposed: number;
  saved: Assessment | undefined;
}) {
  const write = useRiskWrite(companyId);
  const form = useForm<z.input<typeof assessmentInputSchema>>({
    resolver: zodResolver(assessmentInputSchema),
    defaultValues: {
      sectorId,
      hazard: hazard as z.input<typeof assessmentInputSchema>["hazard"],
      probability: saved?.probability ?? proposed,
      severity: saved?.severity ?? Math.ceil(criteria.content.size / 2),
      harms: saved?.harms ?? "",
      sources: saved?.sources ?? "",
      measuresInPlace: saved?.measuresInPlace ?? "",
      rationale: saved?.rationale ?? "",
      evidence: (saved ? saved.evidence : ["pesquisa"]) as z.input<typeof assessmentInputSchema>["evidence"],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const path = `/api/risks/campaigns/${campaignId}/assessments`;
      toast.success((await write.mutateAsync({ path, method: "PUT", body })).message);
    } catch (error) {
      showServerError(form, error, (error as Error).message);
    }
  });

  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      <Field id="as-sector" label="Setor">
        <Select id="as-sector" value={sectorId} onChange={(e) => onSectorChange(e.target.value)}>
          {sectors.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="as-hazard" label="Perigo">
        <Select id="as-hazard" value={hazard} onChange={(e) => onHazardChange(e.target.value)}>
          {hazards.map((h) => (
            <option key={h.id} value={h.id}>
              {h.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="as-probability" label="Probabilidade" error={errors.probability?.message} hint={surveyHint}>
        <Select
          {...describedBy("as-probability", errors.probability?.message, true)}
          {...form.register("probability", { valueAsNumber: true })}
        >
          {criteria.content.probability.map((p, i) => (
            <option key={p.label} value={i + 1}>
              {i + 1} – {p.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="as-severity" label="Severidade" error={errors.severity?.message}>
        <Select
          {...describedBy("as-severity", errors.severity?.message)}
          {...form.register("severity", { valueAsNumber: true })}
        >
          {criteria.content.severity.map((s, i) => (
            <option key={s.label} value={i + 1}>
              {i + 1} – {s.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="as-harms" label="Possíveis lesões ou agravos à saúde" error={errors.harms?.message}>
        <Input {...describedBy("as-harms", errors.harms?.message)} maxLength={2000} {...form.register("harms")} />
      </Field>
      <Field id="as-sources" label="Fontes ou circunstâncias" error={errors.sources?.message}>
        <Input {...describedBy("as-sources", errors.sources?.message)} maxLength={2000} {...form.register("sources")} />
      </Field>
      <Field
        id="as-measures"
        label="Medidas de prevenção já implementadas"
        error={errors.measuresInPlace?.message}
        className="sm:col-span-2"
      >
        <Input
          {...describedBy("as-measures", errors.measuresInPlace?.message)}
          maxLength={2000}
          {...form.register("measuresInPlace")}
        />
      </Field>
      <Field id="as-rationale" label="Justificativa" error={errors.rationale?.message} className="sm:col-span-2">
        <Textarea
          {...describedBy("as-rationale", errors.rationale?.message)}
          rows={2}
          maxLength={2000}
          {...form.register("rationale")}
        />
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">Evidências usadas</legend>
        <div className="flex flex-wrap gap-x-4">
          {Object.entries(evidenceLabels).map(([value, label]) => (
            <label key={value} className="flex min-h-9 items-center gap-2 text-sm">
              {/* Five boxes under one name: react-hook-form keeps the ticked values as a list. */}
              <input type="checkbox" value={value} className="size-4" {...form.register("evidence")} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError message={errors.root?.message} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          Salvar avaliação
        </Button>
      </div>
    </form>
  );
}
