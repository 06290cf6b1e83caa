import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatShortDay } from "#core/format.ts";
import { axisTick, chartColors, prefersReducedMotion, tickDays } from "./chart-axes.ts";
import { ChartTooltip } from "./chart-tooltip.tsx";
import type { DrawingProps } from "./deferred-drawing.tsx";

/** Bars read well up to a month; past that, an area keeps the shape without hair-thin bars. */
const MAX_BAR_DAYS = 31;

/** The participation chart's drawing (loaded when it comes into view, deferred-drawing.tsx). */
export function ParticipationDrawing({ series, detailFor }: DrawingProps) {
  const ticks = tickDays(series.map((day) => day.day));
  const animate = !prefersReducedMotion();
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
  );
}
