import { Line, LineChart, ResponsiveContainer } from "recharts";
import { chartColors, prefersReducedMotion } from "./chart-axes.ts";
import type { DrawingProps } from "./deferred-drawing.tsx";
import { scaleAxes } from "./scale-axes.tsx";

type Metric = "energy" | "stress";

/** Each metric's day value on a day of the report (docs/decisions/023). */
const dailyKey = { energy: "averageEnergy", stress: "averageStress" } as const;

/** Hidden days sit on the floor of the chart as a hollow mark, so a gap in the lines reads as 'hidden', not 'zero'. */
const HIDDEN_MARK = 1;

/**
 * The energy and stress chart's drawing (loaded when it comes into view,
 * deferred-drawing.tsx): each day's dots, the two 7-day lines (solid energy,
 * dashed stress) and a hollow mark on hidden days.
 */
export function EnergyStressDrawing({ series, detailFor }: DrawingProps) {
  const isShort = series.length <= 31;
  const data = series.map((day) => ({
    ...day,
    hiddenMark: day.energyHidden || day.stressHidden ? HIDDEN_MARK : null,
  }));
  const dailyDots = (metric: Metric) => (props: { cx?: number; cy?: number; index?: number }) =>
    props.cx !== undefined && props.cy !== undefined && isShort ? (
      <circle
        key={`${metric}-${props.index}`}
        cx={props.cx}
        cy={props.cy}
        r={2.5}
        fill={chartColors[metric]}
        fillOpacity={0.45}
      />
    ) : (
      <g key={`${metric}-${props.index}`} />
    );
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        {scaleAxes(
          series.map((day) => day.day),
          detailFor,
        )}
        <Line
          type="linear"
          dataKey="hiddenMark"
          stroke="none"
          dot={(props: { cx?: number; cy?: number; index?: number }) =>
            props.cx !== undefined && props.cy !== undefined ? (
              <circle
                key={`hidden-${props.index}`}
                cx={props.cx}
                cy={props.cy - 5}
                r={4}
                fill="none"
                stroke={chartColors.text}
                strokeWidth={1.5}
              />
            ) : (
              <g key={`hidden-${props.index}`} />
            )
          }
          activeDot={false}
          isAnimationActive={false}
        />
        {(["energy", "stress"] as const).map((metric) => (
          <Line
            key={`${metric}-days`}
            type="linear"
            dataKey={dailyKey[metric]}
            stroke="none"
            connectNulls={false}
            dot={dailyDots(metric)}
            activeDot={false}
            isAnimationActive={false}
          />
        ))}
        <Line
          type="linear"
          dataKey="trendEnergy"
          stroke={chartColors.energy}
          strokeWidth={2.5}
          connectNulls={false}
          dot={false}
          activeDot={{ r: 5, fill: chartColors.energy, stroke: "var(--surface)" }}
          isAnimationActive={!prefersReducedMotion()}
        />
        <Line
          type="linear"
          dataKey="trendStress"
          stroke={chartColors.stress}
          strokeWidth={2.5}
          strokeDasharray="6 4"
          connectNulls={false}
          dot={false}
          activeDot={{ r: 5, fill: chartColors.stress, stroke: "var(--surface)" }}
          isAnimationActive={!prefersReducedMotion()}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
