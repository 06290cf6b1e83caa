import { CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatShortDay } from "#core/format.ts";
import { axisTick, chartColors, tickDays } from "./chart-axes.ts";
import { ChartTooltip } from "./chart-tooltip.tsx";

/** The grid, day axis, 1–5 axis and tooltip of the charts on the check-in's scale (mood, energy, stress). */
export function scaleAxes(days: string[], detailFor: (day: string) => string) {
  return (
    <>
      <CartesianGrid vertical={false} stroke={chartColors.grid} strokeDasharray="3 3" />
      <XAxis
        dataKey="day"
        ticks={tickDays(days)}
        tickFormatter={formatShortDay}
        tick={axisTick}
        tickLine={false}
        axisLine={{ stroke: chartColors.grid }}
        minTickGap={12}
        padding={{ left: 20, right: 12 }}
      />
      <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={axisTick} tickLine={false} axisLine={false} width={44} />
      <Tooltip
        cursor={{ stroke: chartColors.grid }}
        content={(props) => <ChartTooltip {...props} detailFor={detailFor} />}
      />
    </>
  );
}
