import { Line, LineChart, ResponsiveContainer } from "recharts";
import { countOf, formatDayPtBR, formatDecimal, formatWithMargin } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { chartColors, prefersReducedMotion } from "./chart-axes.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { ChartWithheld, scaleAxes } from "./scale-axes.tsx";

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
  const isShort = series.length <= 31;
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
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
            {scaleAxes(
              series.map((day) => day.day),
              detailFor,
            )}
            <Line
              type="linear"
              dataKey="averageMood"
              stroke="none"
              connectNulls={false}
              dot={(props: { cx?: number; cy?: number; index?: number }) =>
                props.cx !== undefined && props.cy !== undefined && isShort ? (
                  <circle
                    key={`day-${props.index}`}
                    cx={props.cx}
                    cy={props.cy}
                    r={2.5}
                    fill={chartColors.mood}
                    fillOpacity={0.45}
                  />
                ) : (
                  <g key={`day-${props.index}`} />
                )
              }
              activeDot={false}
              isAnimationActive={false}
            />
            <Line
              type="linear"
              dataKey="trendMood"
              stroke={chartColors.mood}
              strokeWidth={2.5}
              connectNulls={false}
              dot={false}
              activeDot={{ r: 5, fill: chartColors.mood, stroke: "var(--surface)" }}
              isAnimationActive={!prefersReducedMotion()}
            />
          </LineChart>
        </ResponsiveContainer>
      )}
    </ChartFigure>
  );
}
