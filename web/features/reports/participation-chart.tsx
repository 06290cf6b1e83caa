import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { countOf, formatDayPtBR, formatPercent, formatShortDay } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { axisTick, chartColors, prefersReducedMotion, tickDays } from "./chart-axes.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { ChartTooltip } from "./chart-tooltip.tsx";

/** Bars read well up to a month; past that, an area keeps the shape without hair-thin bars. */
const MAX_BAR_DAYS = 31;

function summaryOf(report: Report): string {
  const range = `de ${formatDayPtBR(report.from)} a ${formatDayPtBR(report.to)}`;
  const best = report.series.reduce(
    (top, day) =>
      (day.participation ?? 0) > top.participation ? { day: day.day, participation: day.participation ?? 0 } : top,
    {
      day: report.to,
      participation: 0,
    },
  );
  if (best.participation === 0) return `Participação diária ${range}: nenhum check-in no período.`;
  return (
    `Participação diária ${range}: média de ${formatPercent(report.participation)}, ` +
    `maior participação de ${formatPercent(best.participation)} em ${formatDayPtBR(best.day)}.`
  );
}

/** A day's participation and count: noisy, and not shown under k (docs/decisions/040). */
function countText(day: Report["series"][number]): string {
  if (day.checkIns === null || day.participation === null) return "Poucos check-ins: oculto para proteger o anonimato";
  return `${formatPercent(day.participation)} · cerca de ${countOf(day.checkIns, "check-in", "check-ins")}`;
}

export function ParticipationChart({ report }: { report: Report }) {
  const series = report.series;
  const byDay = new Map(series.map((day) => [day.day, day]));
  const ticks = tickDays(series.map((day) => day.day));
  const animate = !prefersReducedMotion();
  const detailFor = (day: string) => {
    const point = byDay.get(day);
    return point ? countText(point) : "";
  };
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke={chartColors.grid} strokeDasharray="3 3" />
      <XAxis
        dataKey="day"
        ticks={ticks}
        tickFormatter={formatShortDay}
        tick={axisTick}
        tickLine={false}
        axisLine={{ stroke: chartColors.grid }}
        minTickGap={12}
      />
      <YAxis
        domain={[0, (dataMax: number) => Math.max(100, Math.ceil(dataMax))]}
        ticks={[0, 25, 50, 75, 100]}
        tickFormatter={(value: number) => `${value}%`}
        tick={axisTick}
        tickLine={false}
        axisLine={false}
        width={44}
      />
      <Tooltip
        cursor={{ fill: chartColors.cursor, stroke: chartColors.grid }}
        content={(props) => <ChartTooltip {...props} detailFor={detailFor} />}
      />
    </>
  );

  return (
    <ChartFigure
      caption="Participação ao longo do tempo"
      summary={summaryOf(report)}
      note={`Check-ins do dia ÷ ${countOf(report.members, "membro", "membros")} da equipe. As contagens têm uma pequena variação aleatória, e dias com menos de ${report.minGroup} check-ins ficam ocultos.`}
      table={{
        columns: ["Data", "Participação", "Check-ins"],
        rows: series.map((day) => ({
          key: day.day,
          cells: [
            formatDayPtBR(day.day),
            day.participation === null ? "Oculta" : formatPercent(day.participation),
            day.checkIns === null ? `menos de ${report.minGroup}` : `cerca de ${day.checkIns}`,
          ],
        })),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        {series.length <= MAX_BAR_DAYS ? (
          <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            {axes}
            <Bar
              dataKey="participation"
              fill={chartColors.participation}
              radius={[4, 4, 0, 0]}
              maxBarSize={36}
              isAnimationActive={animate}
            />
          </BarChart>
        ) : (
          <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            {axes}
            <Area
              type="monotone"
              dataKey="participation"
              stroke={chartColors.participation}
              strokeWidth={2}
              fill={chartColors.participation}
              fillOpacity={0.18}
              isAnimationActive={animate}
            />
          </AreaChart>
        )}
      </ResponsiveContainer>
    </ChartFigure>
  );
}
