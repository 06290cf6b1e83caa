import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { countOf, formatDayPtBR, formatDecimal, formatScaleRange } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { ChartAbsent } from "./chart-withheld.tsx";
import { DeferredDrawing, DrawingUnavailable } from "./deferred-drawing.tsx";

const MoodDrawing = lazyNamed(
  () => import("./mood-drawing.tsx").then((module) => module.MoodDrawing),
  DrawingUnavailable,
);

type Day = Report["series"][number];

/** What a day's mood cell says: the figure, or why there is none. */
function moodText(day: Day): string {
  if (day.averageMood !== null) return formatScaleRange(day.averageMood, day.moodMargin, { short: true });
  return day.moodHidden ? "Oculto" : "Sem respostas";
}

/** A day's count of answers: noisy, and not shown under k (docs/decisions/040). */
function answersText(checkIns: number | null): string {
  return checkIns === null ? "poucas respostas" : `cerca de ${countOf(checkIns, "resposta", "respostas")}`;
}

function summaryOf(report: Report, shown: Day[]): string {
  const range = `de ${formatDayPtBR(report.from)} a ${formatDayPtBR(report.to)}`;
  const trend = report.series.flatMap((day) => (day.trendMood === null ? [] : [day.trendMood]));
  if (shown.length === 0 && trend.length === 0) {
    return `Humor médio diário ${range}: nenhum dia teve respostas suficientes para ser mostrado sem expor ninguém.`;
  }
  if (shown.length === 0) {
    // A team of 50 to 65 people: no day is precise enough for its own point, its weeks are (docs/decisions/083).
    return (
      `Humor médio ${range}, numa escala de 1 a 5: nenhum dia preciso o bastante para um ponto próprio; ` +
      `a média de 7 dias ficou entre ${formatDecimal(Math.min(...trend))} e ${formatDecimal(Math.max(...trend))}.`
    );
  }
  const hidden = report.series.length - shown.length;
  return (
    `Humor médio ${range}, numa escala de 1 a 5: ${countOf(shown.length, "dia mostrado", "dias mostrados")}, ` +
    `com a média de 7 dias entre ${formatDecimal(Math.min(...trend))} e ${formatDecimal(Math.max(...trend))}; ` +
    `${countOf(hidden, "dia oculto ou sem respostas", "dias ocultos ou sem respostas")}.`
  );
}

/** Why no day of the period has a mood to draw, the true reason (docs/decisions/061). */
function withheldWhy(report: Report): string {
  if (report.grain === "month") {
    return `Equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas veem o humor de cada mês encerrado, no quadro Humor por mês, e não o de cada dia: o de um dia diria demais sobre cada pessoa.`;
  }
  if (report.series.some((day) => day.moodHidden)) {
    return `Houve check-ins, mas em nenhum dia o humor pôde ser mostrado: ou menos de cerca de ${report.minGroup} membros que contam responderam (gestores e contas novas não contam), ou as respostas foram poucas para um ponto preciso. A média do período, acima, junta os dias.`;
  }
  return "Ainda não há respostas de humor em dias encerrados deste período.";
}

export function MoodChart({ report }: { report: Report }) {
  const series = report.series;
  const shown = series.filter((day) => day.averageMood !== null);
  const byDay = new Map(series.map((day) => [day.day, day]));
  const trendText = (day: Day) => (day.trendMood === null ? "—" : `${formatDecimal(day.trendMood)}/5`);
  const detailFor = (day: string) => {
    const point = byDay.get(day);
    return point ? `Média de 7 dias ${trendText(point)} · dia ${moodText(point)} · ${answersText(point.checkIns)}` : "";
  };

  const caption = "Humor médio ao longo do tempo";
  // Drawn when there is a day's point or a 7-day line to draw; otherwise a card says why (docs/decisions/061).
  if (!series.some((day) => day.averageMood !== null || day.trendMood !== null)) {
    return <ChartAbsent caption={caption}>{withheldWhy(report)}</ChartAbsent>;
  }
  return (
    <ChartFigure
      caption={caption}
      summary={summaryOf(report, shown)}
      note={`A linha é a média dos últimos 7 dias; os pontos, cada dia, numa escala de 1 a 5. Um dia fica oculto quando menos de cerca de ${report.minGroup} membros que contam responderam (gestores e contas novas não contam) ou quando as respostas são poucas para um ponto preciso. Cada número tem uma variação aleatória de propósito (por isso cada dia é um intervalo): leia a linha, não um ponto isolado.`}
      table={{
        columns: ["Data", "Humor do dia", "Média de 7 dias", "Respostas"],
        rows: series.map((day) => ({
          key: day.day,
          cells: [formatDayPtBR(day.day), moodText(day), trendText(day), answersText(day.checkIns)],
        })),
      }}
    >
      <DeferredDrawing>
        <MoodDrawing series={series} detailFor={detailFor} />
      </DeferredDrawing>
    </ChartFigure>
  );
}
