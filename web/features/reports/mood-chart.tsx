import { countOf, formatDayPtBR, formatDecimal, formatWithMargin } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { ChartWithheld } from "./chart-withheld.tsx";
import { DeferredDrawing, DrawingUnavailable } from "./deferred-drawing.tsx";

const MoodDrawing = lazyNamed(
  () => import("./mood-drawing.tsx").then((module) => module.MoodDrawing),
  DrawingUnavailable,
);

type Day = Report["series"][number];

/** What a day's mood cell says: the figure, or why there is none. */
function moodText(day: Day): string {
  if (day.averageMood !== null) return `${formatWithMargin(day.averageMood, day.moodMargin)}/5`;
  return day.moodHidden ? "Oculto" : "Sem respostas";
}

/** A day's count of answers: noisy, and not shown under k (docs/decisions/040). */
function answersText(checkIns: number | null): string {
  return checkIns === null ? "poucas respostas" : `cerca de ${countOf(checkIns, "resposta", "respostas")}`;
}

function summaryOf(report: Report, shown: Day[]): string {
  const range = `de ${formatDayPtBR(report.from)} a ${formatDayPtBR(report.to)}`;
  if (shown.length === 0) {
    return `Humor médio diário ${range}: nenhum dia teve respostas suficientes para ser mostrado sem expor ninguém.`;
  }
  const trend = report.series.flatMap((day) => (day.trendMood === null ? [] : [day.trendMood]));
  const hidden = report.series.length - shown.length;
  return (
    `Humor médio ${range}, numa escala de 1 a 5: ${countOf(shown.length, "dia mostrado", "dias mostrados")}, ` +
    `com a média de 7 dias entre ${formatDecimal(Math.min(...trend))} e ${formatDecimal(Math.max(...trend))}; ` +
    `${countOf(hidden, "dia oculto ou sem respostas", "dias ocultos ou sem respostas")}.`
  );
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

  return (
    <ChartFigure
      caption="Humor médio ao longo do tempo"
      summary={summaryOf(report, shown)}
      note={`A linha é a média dos últimos 7 dias; os pontos, cada dia. Dias com menos de ${report.minGroup} membros respondendo ficam ocultos, para proteger o anonimato, e cada número tem uma variação aleatória de propósito (a margem, ±): leia a linha, não um ponto isolado.`}
      table={{
        columns: ["Data", "Humor do dia", "Média de 7 dias", "Respostas"],
        rows: series.map((day) => ({
          key: day.day,
          cells: [formatDayPtBR(day.day), moodText(day), trendText(day), answersText(day.checkIns)],
        })),
      }}
    >
      {shown.length === 0 ? (
        <ChartWithheld>
          Nenhum dia deste período teve respostas suficientes para mostrar o humor sem expor ninguém.
        </ChartWithheld>
      ) : (
        <DeferredDrawing>
          <MoodDrawing series={series} detailFor={detailFor} />
        </DeferredDrawing>
      )}
    </ChartFigure>
  );
}
