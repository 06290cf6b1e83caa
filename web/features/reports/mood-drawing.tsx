import { Line, LineChart, ResponsiveContainer } from "recharts";
import { chartColors, prefersReducedMotion } from "./chart-axes.ts";
import type { DrawingProps } from "./deferred-drawing.tsx";
import { scaleAxes } from "./scale-axes.tsx";

/** The mood chart's drawing (loaded when it comes into view, deferred-drawing.tsx): each day's dot and the 7-day line. */
export function MoodDrawing({ series, detailFor }: DrawingProps) {
  const isShort = series.length <= 31;
  return (
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
  );
}
