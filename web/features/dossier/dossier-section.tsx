/**
 * The Lei 14.831 dossier on /conformidade (docs/decisions/094): each criterion of art. 3 with what Sereno
 * holds (or 'Sem evidência registrada'), the company's goals with their reviews, its notices, and the
 * dossier as PDF and XLSX. Loaded after the page, so the Lei 14.457 file's page stays light.
 */
import { Download, Target } from "lucide-react";
import { dossierMessages as m } from "#core/dossier-messages.ts";
import { formatDayPtBR } from "#core/format.ts";
import type { Dossier } from "#core/schemas/dossier.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { dossierScope, useDossier } from "./dossier.queries.ts";
import { GoalForm, GoalReviewForm, NoticeForm } from "./dossier-forms.tsx";

function Criteria({ criteria }: { criteria: Dossier["criteria"] }) {
  return (
    <ol className="space-y-3" aria-label="Diretrizes do art. 3º">
      {criteria.map((criterion) => (
        <li key={criterion.id} className="rounded-lg border border-border p-3">
          <p className="text-sm">
            <strong>Art. 3º, {criterion.label}</strong> <span className="text-muted">“{criterion.text}”</span>
          </p>
          {criterion.evidence.length ? (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {criterion.evidence.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm font-medium text-warning">{m.noEvidence}</p>
          )}
        </li>
      ))}
    </ol>
  );
}

function Goals({ goals, companyId }: { goals: Dossier["goals"]; companyId: string | null }) {
  if (goals.length === 0) return <EmptyState icon={Target} title="Nenhuma meta registrada" />;
  return (
    <ul className="space-y-3">
      {goals.map((goal) => (
        <li key={goal.id}>
          <Card>
            <CardTitle className="text-base">{goal.target}</CardTitle>
            <CardDescription>
              {goal.metricLabel} · revista a cada {goal.reviewEveryMonths} meses · próxima revisão em{" "}
              {formatDayPtBR(goal.nextReviewOn)}
            </CardDescription>
            {goal.reviews.length ? (
              <ul className="mt-2 space-y-1 text-sm">
                {goal.reviews.map((review) => (
                  <li key={`${review.reviewedOn}-${review.note}`}>
                    <strong>{formatDayPtBR(review.reviewedOn)}:</strong> {review.note}
                  </li>
                ))}
              </ul>
            ) : null}
            <GoalReviewForm companyId={companyId} goalId={goal.id} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function DossierSection({ companyId }: { companyId: string | null }) {
  const dossier = useDossier(companyId);
  return (
    <section aria-labelledby="dossier-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="dossier-heading" className="text-lg font-semibold">
            Empresa Promotora da Saúde Mental (Lei 14.831)
          </h2>
          <p className="text-sm text-muted">
            Cada diretriz do art. 3º com o que o Sereno registra. Os números de cuidado são os de Resultados: fechados e
            com ruído, nunca sobre uma pessoa.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass("primary", "sm")} href={`/api/dossier.pdf${dossierScope(companyId)}`} download>
            <Download aria-hidden className="size-4" /> Baixar o dossiê da Lei 14.831 (PDF)
          </a>
          <a className={buttonClass("secondary", "sm")} href={`/api/dossier.xlsx${dossierScope(companyId)}`} download>
            <Download aria-hidden className="size-4" /> Planilha (XLSX)
          </a>
        </div>
      </div>
      <QueryPanel
        query={dossier}
        errorMessage="Não foi possível carregar o dossiê da Lei 14.831."
        loading={<Skeleton className="h-64 w-full" />}
      >
        {(data) => (
          <div className="space-y-6">
            <Criteria criteria={data.criteria} />
            <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
              <div className="space-y-3">
                <h3 className="font-semibold">Metas e revisões</h3>
                <Goals goals={data.goals} companyId={companyId} />
              </div>
              <GoalForm companyId={companyId} />
            </div>
            <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
              <div className="space-y-3">
                <h3 className="font-semibold">Avisos publicados</h3>
                {data.notices.length ? (
                  <ul className="space-y-2 text-sm">
                    {data.notices.map((notice) => (
                      <li key={notice.id} className="rounded-lg border border-border p-3">
                        <strong>{notice.title}</strong>{" "}
                        <span className="text-muted">· {formatDayPtBR(notice.publishedOn)}</span>
                        <p className="mt-1 whitespace-pre-line">{notice.body}</p>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted">Nenhum aviso publicado ainda.</p>
                )}
              </div>
              <NoticeForm companyId={companyId} />
            </div>
          </div>
        )}
      </QueryPanel>
    </section>
  );
}
