import { CalendarRange, Dumbbell, EyeOff, Frown, type LucideIcon, Meh, Smile, Users } from "lucide-react";
import type { ReactNode } from "react";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { countOf, formatDecimal, formatNumber, formatPercent, formatScaleRange } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { teamMessages } from "#core/team-messages.ts";
import { moodBand, moodPercent, REPORTS_PARTICIPATION_ALERT } from "#core/team-metrics.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

function Metric({ label, icon: Icon, children }: { label: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3" role="group" aria-label={label}>
      <p className="flex items-center gap-2 text-sm font-medium text-muted">
        <Icon aria-hidden className="size-4 text-primary" strokeWidth={1.75} /> {label}
      </p>
      {children}
    </Card>
  );
}

/** Each band with an icon and words, never colour alone (LOOK 'Visual'). */
const bands = {
  good: { icon: Smile, label: "Clima positivo", tone: "success" },
  attention: { icon: Meh, label: "Vale acompanhar", tone: "accent" },
  concern: { icon: Frown, label: "Pede cuidado", tone: "danger" },
} as const;

function MoodFigure({ report }: { report: Report }) {
  const { averageMood, minGroup } = report;
  if (averageMood === null && report.grain === "month") {
    return (
      <div className="flex gap-3">
        <CalendarRange aria-hidden className="mt-0.5 size-6 shrink-0 text-muted" strokeWidth={1.75} />
        <div className="space-y-1">
          <p className="font-medium">Humor por mês</p>
          <p className="text-sm text-muted">
            Equipes com menos de {DAILY_GRAIN_MIN_MEMBERS} pessoas veem o humor de cada mês encerrado, abaixo, e não o
            de cada dia.
          </p>
        </div>
      </div>
    );
  }
  if (averageMood === null) {
    return (
      <div className="flex gap-3">
        <EyeOff aria-hidden className="mt-0.5 size-6 shrink-0 text-muted" strokeWidth={1.75} />
        <div className="space-y-1">
          <p className="font-medium">{teamMessages.moodHidden}</p>
          <p className="text-sm text-muted">{periodMoodHiddenWhy(report.moodDays, minGroup)}</p>
        </div>
      </div>
    );
  }
  const band = bands[moodBand(moodPercent(averageMood))];
  return (
    <>
      <p className="text-3xl font-semibold">
        {formatDecimal(averageMood)}
        <span className="text-lg font-medium text-muted">/5</span>
      </p>
      <p className="text-sm font-medium">{formatScaleRange(averageMood, report.averageMoodMargin)}</p>
      <Badge tone={band.tone} className="self-start">
        <band.icon aria-hidden className="size-3.5" strokeWidth={2} /> {band.label}
      </Badge>
      <p className="text-sm text-muted">
        Média de 1 a 5 dos {countOf(report.moodDays, "dia mostrado", "dias mostrados")} do período, sem identificar
        ninguém. O valor real está nesse intervalo em 9 de cada 10 casos.
      </p>
    </>
  );
}

/**
 * Why a period's mood is not shown, the true one (docs/decisions/061): no day of it was shown (too few
 * of the people who count answered), or some were, but together they are too few for a figure
 * precise enough to read.
 */
function periodMoodHiddenWhy(moodDays: number, minGroup: number): string {
  if (moodDays > 0) {
    return `Houve respostas em ${countOf(moodDays, "dia", "dias")}, mas poucas para uma média precisa: com a variação que protege o anonimato, ela diria pouco. Um período mais longo ajuda.`;
  }
  return `Em nenhum dia do período cerca de ${minGroup} membros ou mais responderam. Gestores e contas que entraram no próprio dia não contam.`;
}

/** Spec 2 'Reports': participation, average mood and exercises, for the chosen period. */
export function MetricCards({ report }: { report: Report }) {
  const isLow = report.participation < REPORTS_PARTICIPATION_ALERT;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Metric label="Participação" icon={Users}>
        <p className="text-3xl font-semibold">{formatPercent(report.participation)}</p>
        <ProgressBar value={report.participation} label="Participação no período" />
        <p className="text-sm text-muted">
          Cerca de {countOf(report.checkIns, "check-in", "check-ins")} de {countOf(report.members, "membro", "membros")}{" "}
          em {countOf(report.days, "dia", "dias")}
        </p>
        {isLow ? (
          <Badge tone="accent" className="self-start">
            Abaixo de {REPORTS_PARTICIPATION_ALERT}%
          </Badge>
        ) : null}
      </Metric>
      <Metric label="Humor médio" icon={Smile}>
        <MoodFigure report={report} />
      </Metric>
      <Metric label="Exercícios concluídos" icon={Dumbbell}>
        <p className="text-3xl font-semibold">{formatNumber(report.exercisesCompleted)}</p>
        <p className="text-sm text-muted">
          {report.exercisesCompleted === 0
            ? "Nenhuma pausa guiada neste período ainda. Um convite em grupo costuma ajudar."
            : "Pausas guiadas que a equipe concluiu no período."}
        </p>
      </Metric>
    </div>
  );
}
