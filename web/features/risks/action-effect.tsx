/**
 * An action's effect on its card in Plano de ação (docs/decisions/091): the risk index of each dimension it
 * names, in the campaign before it and the one closed after it, as ranges the disclosure layer released
 * (lower is better), and the verdict the SST professional confirms. 'Sem efeito' opens a review trigger.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Verdict, verdictIds, verdictLabels } from "#core/action-effect.ts";
import { formatDatePtBR } from "#core/format.ts";
import type { Action, ActionEffect } from "#core/schemas/risk-responses.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Select, Textarea } from "#web/components/ui/field.tsx";
import { api } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { scopeQuery, useRiskWrite } from "./risks.queries.ts";

const verdictTone = { eficaz: "success", sem_efeito: "danger", inconclusivo: "neutral" } as const;

export function ActionEffectPanel({ action, companyId }: { action: Action; companyId: string | null }) {
  const effect = useQuery({
    queryKey: ["risks", companyId, "effect", action.id],
    queryFn: () => api<ActionEffect>(`/api/risks/actions/${action.id}/effect${scopeQuery(companyId)}`),
  });
  if (!effect.data) return null;
  const { before, after, dimensions, verdict, suggestion } = effect.data;
  return (
    <section
      aria-label={`Eficácia medida pela pesquisa: ${action.title}`}
      className="mt-3 space-y-2 rounded-lg border border-border p-3 text-sm"
    >
      <h3 className="font-medium">Eficácia medida pela pesquisa</h3>
      {!before || !after ? (
        <p className="text-muted">
          {before
            ? `Antes: “${before.title}”. O depois aparece quando uma nova pesquisa deste setor for encerrada.`
            : "Não há pesquisa encerrada antes desta ação para comparar."}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">Índice de risco por dimensão, de 0 a 100 (quanto menor, melhor)</caption>
              <thead>
                <tr className="border-b border-border">
                  <th className="py-1.5 pr-3 font-medium">Dimensão</th>
                  <th className="py-1.5 pr-3 font-medium">Antes: {before.title}</th>
                  <th className="py-1.5 font-medium">Depois: {after.title}</th>
                </tr>
              </thead>
              <tbody>
                {dimensions.map((d) => (
                  <tr key={d.id} className="border-b border-border last:border-0">
                    <td className="py-1.5 pr-3">{d.name}</td>
                    <td className="py-1.5 pr-3">{d.before?.text ?? "oculto"}</td>
                    <td className="py-1.5">{d.after?.text ?? "oculto"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-muted">
            Índice de risco de 0 a 100, quanto menor, melhor; faixas de 90 % com a margem.
          </p>
          {verdict ? (
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone={verdictTone[verdict.verdict]}>{verdictLabels[verdict.verdict]}</Badge>
              <span className="text-muted">
                Confirmada por {verdict.confirmedBy} em {formatDatePtBR(verdict.confirmedAt)}
                {verdict.triggerId ? " · motivo de revisão aberto em Participação" : ""}
              </span>
            </p>
          ) : (
            <VerdictForm action={action} companyId={companyId} suggestion={suggestion ?? "inconclusivo"} />
          )}
        </>
      )}
    </section>
  );
}

function VerdictForm({
  action,
  companyId,
  suggestion,
}: {
  action: Action;
  companyId: string | null;
  suggestion: Verdict;
}) {
  const write = useRiskWrite(companyId);
  const [verdict, setVerdict] = useState<Verdict>(suggestion);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      const path = `/api/risks/actions/${action.id}/verdict`;
      toast.success((await write.mutateAsync({ path, body: { verdict, note } })).message);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <div className="space-y-2">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p className="text-muted">As faixas sugerem: {verdictLabels[suggestion].toLowerCase()}. Confirme ou corrija.</p>
      <Field id={`verdict-${action.id}`} label="Eficácia">
        <Select id={`verdict-${action.id}`} value={verdict} onChange={(e) => setVerdict(e.target.value as Verdict)}>
          {verdictIds.map((id) => (
            <option key={id} value={id}>
              {verdictLabels[id]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`verdict-note-${action.id}`} label="Observação (opcional)">
        <Textarea id={`verdict-note-${action.id}`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <Button size="sm" onClick={confirm} disabled={write.isPending}>
        Confirmar eficácia
      </Button>
    </div>
  );
}
