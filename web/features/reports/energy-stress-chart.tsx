import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { countOf, formatDayPtBR, formatDecimal, formatScaleRange } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { lazyNamed } from "#web/lib/lazy-named.ts";
import { chartColors } from "./chart-axes.ts";
import { ChartFigure } from "./chart-figure.tsx";
import { ChartAbsent } from "./chart-withheld.tsx";
import { DeferredDrawing, DrawingUnavailable } from "./deferred-drawing.tsx";

const EnergyStressDrawing = lazyNamed(
  () => import("./energy-stress-drawing.tsx").then((module) => module.EnergyStressDrawing),
  DrawingUnavailable,
);

type Day = Report["series"][number];
type Metric = "energy" | "stress";

/** Where each metric lives on a day of the report (docs/decisions/023). */
const metrics = {
  energy: { name: "Energia", average: "averageEnergy", hidden: "energyHidden", trend: "trendEnergy" },
  stress: { name: "Estresse", average: "averageStress", hidden: "stressHidden", trend: "trendStress" },
} as const satisfies Record<Metric, { name: string; average: keyof Day; hidden: keyof Day; trend: keyof Day }>;

function valueText(day: Day, metric: Metric): string {
  const keys = metrics[metric];
  const value = day[keys.average] as number | null;
  if (value !== null) return `${formatDecimal(value)}/5`;
  return day[keys.hidden] ? "Oculto" : "Sem respostas";
}

function trendText(day: Day, metric: Metric): string {
  const value = day[metrics[metric].trend] as number | null;
  return value === null ? "—" : `${formatDecimal(value)}/5`;
}

/** A period mean as the range of its 90 % margin ('entre 2,9 e 3,3'), as every mean the company reads (docs/decisions/061). */
function periodText(value: number | null, margin: number | null): string {
  return value === null ? "oculta" : formatScaleRange(value, margin, { short: true });
}

function summaryOf(report: Report, hiddenDays: number): string {
  const range = `de ${formatDayPtBR(report.from)} a ${formatDayPtBR(report.to)}`;
  if (report.energyDays === 0 && report.stressDays === 0) {
    return `Energia e estresse ${range}: nenhum dia teve respostas suficientes para ser mostrado sem expor ninguém.`;
  }
  return (
    `Energia e estresse ${range}, numa escala de 1 a 5: energia média ${periodText(report.averageEnergy, report.averageEnergyMargin)} ` +
    `(${countOf(report.energyDays, "dia mostrado", "dias mostrados")}), estresse médio ${periodText(report.averageStress, report.averageStressMargin)} ` +
    `(${countOf(report.stressDays, "dia mostrado", "dias mostrados")}); ` +
    `${countOf(hiddenDays, "dia com algum dado oculto", "dias com algum dado oculto")}.`
  );
}

/** The legend, in words and in the same strokes as the drawing: solid energy, dashed stress, a hollow mark for hidden days. */
function Legend({ report }: { report: Report }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-muted">
      <li className="flex items-center gap-2">
        <svg aria-hidden width="24" height="8" className="shrink-0">
          <line x1="0" y1="4" x2="24" y2="4" stroke={chartColors.energy} strokeWidth="2.5" />
        </svg>
        <span>
          Energia (média de 7 dias) · no período:{" "}
          <strong className="font-semibold whitespace-nowrap text-fg">
            {periodText(report.averageEnergy, report.averageEnergyMargin)}
          </strong>
        </span>
      </li>
      <li className="flex items-center gap-2">
        <svg aria-hidden width="24" height="8" className="shrink-0">
          <line x1="0" y1="4" x2="24" y2="4" stroke={chartColors.stress} strokeWidth="2.5" strokeDasharray="6 4" />
        </svg>
        <span>
          Estresse (média de 7 dias) · no período:{" "}
          <strong className="font-semibold whitespace-nowrap text-fg">
            {periodText(report.averageStress, report.averageStressMargin)}
          </strong>
        </span>
      </li>
      <li className="flex items-center gap-2">
        <svg aria-hidden width="12" height="12" className="shrink-0">
          <circle cx="6" cy="6" r="4" fill="none" stroke={chartColors.text} strokeWidth="1.5" />
        </svg>
        <span>Dia oculto (poucas respostas)</span>
      </li>
    </ul>
  );
}

/** Energy and stress, the check-in's optional answers, beside the mood: two 7-day lines and the hidden days marked. */
export function EnergyStressChart({ report }: { report: Report }) {
  const series = report.series;
  const hiddenDays = series.filter((day) => day.energyHidden || day.stressHidden).length;
  const isEmpty = report.energyDays === 0 && report.stressDays === 0;
  const byDay = new Map(series.map((day) => [day.day, day]));
  const detailFor = (key: string) => {
    const day = byDay.get(key);
    return day
      ? `Energia ${trendText(day, "energy")} (dia ${valueText(day, "energy")}) · Estresse ${trendText(day, "stress")} (dia ${valueText(day, "stress")})`
      : "";
  };

  const caption = "Energia e estresse ao longo do tempo";
  if (isEmpty) {
    return (
      <ChartAbsent caption={caption}>
        {report.grain === "month"
          ? `Em equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas, energia e estresse também aparecem só por mês encerrado, no quadro Humor por mês.`
          : `Em nenhum dia deste período cerca de ${report.minGroup} membros ou mais informaram energia ou estresse com respostas suficientes para um ponto preciso.`}
      </ChartAbsent>
    );
  }
  return (
    <ChartFigure
      caption={caption}
      summary={summaryOf(report, hiddenDays)}
      note={`Respostas opcionais do check-in, de 1 a 5. Cada uma só aparece no dia em que ao menos ${report.minGroup} membros a informaram, com uma pequena variação aleatória própria: leia as linhas, não um ponto isolado. Estresse alto é o sinal de atenção.`}
      table={{
        columns: ["Data", "Energia do dia", "Energia (7 dias)", "Estresse do dia", "Estresse (7 dias)"],
        rows: series.map((day) => ({
          key: day.day,
          cells: [
            formatDayPtBR(day.day),
            valueText(day, "energy"),
            trendText(day, "energy"),
            valueText(day, "stress"),
            trendText(day, "stress"),
          ],
        })),
      }}
      legend={<Legend report={report} />}
    >
      <DeferredDrawing>
        <EnergyStressDrawing series={series} detailFor={detailFor} />
      </DeferredDrawing>
    </ChartFigure>
  );
}
