/**
 * Resultados (issue 47, docs/decisions/088): adoption by month, wellbeing and care by quarter, every figure
 * with its n, completion rate and margin, the one caveat stated once, and when a hidden figure will show.
 */
import { Download, Info } from "lucide-react";
import type { ReactNode } from "react";
import { formatMonthPtBR, formatNumber } from "#core/format.ts";
import { quarterLabel } from "#core/resultados.ts";
import { resultadoLabels } from "#core/resultados-messages.ts";
import type { ResultadoFigure, Resultados } from "#core/schemas/resultados.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { detailText, type FigureStyle, valueText } from "./figure-text.ts";
import { Nr1Layer } from "./nr1-layer.tsx";

function Figure({
  label,
  figure,
  style,
  rateLabel,
}: {
  label: string;
  figure: ResultadoFigure;
  style: FigureStyle;
  rateLabel?: string;
}) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 space-y-0.5">
        <p className={figure.shown ? "text-lg font-semibold" : "text-lg text-muted"}>{valueText(figure, style)}</p>
        <p className="text-xs text-muted">{detailText(figure, rateLabel)}</p>
      </dd>
    </div>
  );
}

function Layer({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="space-y-4" role="region" aria-labelledby={id}>
      <div className="space-y-1">
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {children}
    </Card>
  );
}

function Period({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2" aria-label={title}>
      <h3 className="font-medium">{title}</h3>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</dl>
    </section>
  );
}

const Pending = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted">{children}</p>;

export function ResultadosView({ data, pdfHref }: { data: Resultados; pdfHref: string }) {
  const { next } = data;
  const nothing = data.adoption.length === 0 && data.wellbeing.length === 0;
  return (
    <div className="space-y-6">
      <Alert tone="info" title="Como ler estes números">
        <p>{data.caveat}</p>
      </Alert>
      <div className="flex flex-wrap gap-3">
        <a className={buttonClass("secondary", "sm")} href={pdfHref} download>
          <Download aria-hidden className="size-4" /> Baixar o resumo do mês (PDF)
        </a>
      </div>
      {nothing ? (
        <EmptyState icon={Info} title="Ainda não há períodos encerrados">
          Os números aparecem quando um mês termina: os de {formatMonthPtBR(next.month).toLowerCase()} a partir de{" "}
          {next.monthFrom}.
        </EmptyState>
      ) : null}
      <Layer
        id="camada-adesao"
        title={resultadoLabels.adoption}
        description="Por mês encerrado: quem está no cadastro, quem ativou a conta, quem usou o Sereno no mês (um check-in ou um exercício) e quem usou em pelo menos 3 das 4 semanas."
      >
        {data.adoption.slice(0, 3).map((month) => (
          <Period key={month.month} title={formatMonthPtBR(month.month)}>
            <div className="rounded-lg border border-border p-3">
              <dt className="text-sm text-muted">{resultadoLabels.eligible}</dt>
              <dd className="mt-1 text-lg font-semibold">{formatNumber(month.eligible)}</dd>
            </div>
            <Figure
              label={resultadoLabels.activated}
              figure={month.activated}
              style="count"
              rateLabel="dos elegíveis:"
            />
            <Figure label={resultadoLabels.active} figure={month.active} style="count" rateLabel="dos elegíveis:" />
            <Figure label={resultadoLabels.steady} figure={month.steady} style="count" rateLabel="dos elegíveis:" />
          </Period>
        ))}
        <Pending>
          {formatMonthPtBR(next.month)}: disponível a partir de {next.monthFrom}.
        </Pending>
      </Layer>
      <Layer
        id="camada-bem-estar"
        title={resultadoLabels.wellbeing}
        description="Por trimestre encerrado: a média do Índice de Bem-Estar (WHO-5, de 0 a 100) de quem respondeu, e a mudança média de cada pessoa desde o primeiro trimestre com respostas (cada pessoa comparada com ela mesma), e o humor médio do trimestre, dos números de humor já publicados nos relatórios."
      >
        {data.wellbeing.map((quarter) => (
          <Period key={quarter.quarter} title={quarterLabel(quarter.quarter)}>
            <Figure label={resultadoLabels.who5} figure={quarter.who5} style="mean" />
            <Figure label={resultadoLabels.mood} figure={quarter.mood} style="mean" />
            {quarter.change && quarter.baseline ? (
              <Figure
                label={`Mudança desde o ${quarterLabel(quarter.baseline)}, em pontos`}
                figure={quarter.change}
                style="change"
              />
            ) : null}
          </Period>
        ))}
        <Pending>
          {quarterLabel(next.quarter)}: disponível a partir de {next.quarterFrom}.
        </Pending>
      </Layer>
      <Layer
        id="camada-cuidado"
        title={resultadoLabels.care}
        description="Por trimestre encerrado, só para a empresa inteira e a partir de 10 pessoas: o tempo até a primeira sessão, as sessões por pessoa e, entre quem respondeu ao PHQ-9 ou ao GAD-7 duas vezes ou mais, a melhora confiável e a recuperação. A empresa nunca vê as respostas de ninguém."
      >
        {data.care.map((quarter) => (
          <Period key={quarter.quarter} title={quarterLabel(quarter.quarter)}>
            <Figure label={resultadoLabels.waitMedianDays} figure={quarter.waitMedianDays} style="days" />
            <Figure
              label={resultadoLabels.sessionsPerPerson}
              figure={quarter.sessionsPerPerson}
              style="mean"
              rateLabel="em atendimento:"
            />
            <Figure
              label={resultadoLabels.reliableImprovement}
              figure={quarter.reliableImprovement}
              style="share"
              rateLabel="reavaliação:"
            />
            <Figure label={resultadoLabels.recovery} figure={quarter.recovery} style="share" rateLabel="reavaliação:" />
          </Period>
        ))}
        <Pending>
          {quarterLabel(next.quarter)}: disponível a partir de {next.quarterFrom}.
        </Pending>
      </Layer>
      <Layer
        id="camada-nr1"
        title="NR-1: antes e depois do plano de ação"
        description="Para a empresa inteira, o índice de cada dimensão da pesquisa de riscos psicossociais na penúltima e na última pesquisa encerradas: antes e depois do plano de ação."
      >
        <Nr1Layer nr1={data.nr1} />
      </Layer>
    </div>
  );
}
