import { countOf, formatDayPtBR, formatPercent } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { DeferredDrawing, DrawingUnavailable } from "./deferred-drawing.tsx";

const ParticipationDrawing = lazyNamed(
  () => import("./participation-drawing.tsx").then((module) => module.ParticipationDrawing),
  DrawingUnavailable,
);

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
  const detailFor = (day: string) => {
    const point = byDay.get(day);
    return point ? countText(point) : "";
  };

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
      <DeferredDrawing>
        <ParticipationDrawing series={series} detailFor={detailFor} />
      </DeferredDrawing>
    </ChartFigure>
  );
}
