import { zodResolver } from "@hookform/resolvers/zod";
import { Scale } from "lucide-react";
import { useForm } from "react-hook-form";
import type { Criteria, RiskOverview } from "#core/schemas/risk-responses.ts";
import { type RiskCriteriaContent, riskCriteriaContentSchema } from "#core/schemas/risks.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { describedBy, Input, Select } from "#web/components/ui/field.tsx";
import { ScrollRegion } from "#web/components/ui/scroll-region.tsx";
import { toast } from "#web/lib/toast.ts";
import { levelClass } from "./level-style.ts";
import { useRiskWrite } from "./risks.queries.ts";

function Matrix({
  content,
  onChange,
}: {
  content: RiskCriteriaContent;
  onChange?: (severity: number, probability: number, level: number) => void;
}) {
  return (
    <ScrollRegion label="Matriz de severidade e probabilidade">
      <table className="min-w-full border-collapse text-sm">
        <caption className="mb-2 text-left text-muted">Linhas: severidade. Colunas: probabilidade.</caption>
        <thead>
          <tr>
            <th scope="col" className="p-1 text-left">
              Severidade \ Probabilidade
            </th>
            {content.probability.map((p, i) => (
              <th key={p.label} scope="col" className="p-1 text-left font-medium">
                {i + 1} {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {content.severity.map((s, si) => (
            <tr key={s.label}>
              <th scope="row" className="p-1 text-left font-medium">
                {si + 1} {s.label}
              </th>
              {content.probability.map((p, pi) => {
                const level = content.matrix[si]?.[pi] ?? 0;
                return (
                  <td key={p.label} className="p-1">
                    {onChange ? (
                      <Select
                        aria-label={`Nível para severidade ${si + 1} e probabilidade ${pi + 1}`}
                        value={level}
                        onChange={(event) => onChange(si, pi, Number(event.target.value))}
                        className={levelClass(level)}
                      >
                        {content.levels.map((l, li) => (
                          <option key={l.name} value={li}>
                            {l.name}
                          </option>
                        ))}
                      </Select>
                    ) : (
                      <span className={`block rounded px-2 py-1 ${levelClass(level)}`}>
                        {content.levels[level]?.name}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function DraftEditor({ criteria, companyId }: { criteria: Criteria; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  // Not a <form>: a draft edited in place and saved, or published, as a whole; the server's schema checks it first.
  const form = useForm<RiskCriteriaContent>({
    resolver: zodResolver(riskCriteriaContentSchema),
    defaultValues: criteria.content,
  });
  const { errors } = form.formState;
  const content = form.watch();
  const saveDraft = (draft: RiskCriteriaContent) =>
    write.mutateAsync({ path: `/api/risks/criteria/${criteria.id}`, method: "PATCH", body: { content: draft } });
  const save = form.handleSubmit(async (draft) => {
    try {
      toast.success((await saveDraft(draft)).message);
    } catch (error) {
      toast.error((error as Error).message);
    }
  });
  const publish = form.handleSubmit(async (draft) => {
    try {
      await saveDraft(draft);
      toast.success((await write.mutateAsync({ path: `/api/risks/criteria/${criteria.id}/publish` })).message);
    } catch (error) {
      toast.error((error as Error).message);
    }
  });
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle>Critérios – versão {criteria.version}</CardTitle>
        <Badge tone="accent">Rascunho</Badge>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium">Decisão por nível</legend>
        {content.levels.map((level, index) => {
          const error = errors.levels?.[index]?.decision?.message;
          const id = `decisao-${index}`;
          return (
            <div key={level.name} className="grid gap-2 sm:grid-cols-[8rem_1fr] sm:items-center">
              <span className={`rounded px-2 py-1 text-sm ${levelClass(index)}`}>{level.name}</span>
              <Input
                {...describedBy(id, error)}
                aria-label={`Decisão para o nível ${level.name}`}
                maxLength={200}
                {...form.register(`levels.${index}.decision`)}
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm text-danger sm:col-start-2">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <Matrix content={content} onChange={(s, p, level) => form.setValue(`matrix.${s}.${p}`, level)} />
      <Alert tone="warning">
        Depois de publicada, esta versão não pode ser alterada: só uma nova versão a substitui.
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void save()} disabled={write.isPending}>
          Salvar rascunho
        </Button>
        <Button onClick={() => void publish()} disabled={write.isPending}>
          Publicar critérios
        </Button>
      </div>
    </Card>
  );
}

export function CriteriaTab({ data, companyId }: { data: RiskOverview; companyId: string | null }) {
  const write = useRiskWrite(companyId);
  const draft = data.criteria.find((c) => c.status === "draft");
  const published = data.criteria.find((c) => c.status === "published");
  const create = (size?: 3 | 5) =>
    write.mutate(
      { path: "/api/risks/criteria", body: size ? { size } : {} },
      { onSuccess: (reply) => toast.success(reply.message), onError: (e) => toast.error(e.message) },
    );
  return (
    <div className="space-y-6">
      {draft ? <DraftEditor key={draft.id} criteria={draft} companyId={companyId} /> : null}
      {!draft ? (
        <div className="flex flex-wrap gap-2">
          {published ? (
            <Button onClick={() => create()} disabled={write.isPending}>
              Nova versão a partir da publicada
            </Button>
          ) : null}
          <Button variant={published ? "secondary" : "primary"} onClick={() => create(5)} disabled={write.isPending}>
            Começar pelo padrão 5×5
          </Button>
          <Button variant="secondary" onClick={() => create(3)} disabled={write.isPending}>
            Começar pelo padrão 3×3
          </Button>
        </div>
      ) : null}
      {published ? (
        <Card className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>Critérios em vigor – versão {published.version}</CardTitle>
            <Badge tone="success">Publicada</Badge>
          </div>
          <CardDescription>
            Risco = severidade × probabilidade (NR-1 1.5.4.4.2). Esta versão não pode mais ser alterada.
          </CardDescription>
          <ul className="grid gap-1 text-sm sm:grid-cols-3">
            {published.content.levels.map((level, index) => (
              <li key={level.name} className={`rounded px-2 py-1 ${levelClass(index)}`}>
                <strong>{level.name}</strong>: {level.decision}
              </li>
            ))}
          </ul>
          <Matrix content={published.content} />
        </Card>
      ) : !draft ? (
        <EmptyState icon={Scale} title="Nenhum critério publicado">
          Crie os critérios a partir de um padrão, ajuste as decisões e publique antes de avaliar os riscos.
        </EmptyState>
      ) : null}
    </div>
  );
}
