import { CalendarRange } from "lucide-react";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { formatScaleRange } from "#core/format.ts";
import type { MonthFigure, Report } from "#core/schemas/reports.ts";
import { Card } from "#web/components/ui/card.tsx";

const monthName = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" });

/** 'Outubro de 2026' (CSS capitalize would write 'Outubro De 2026'). */
function monthLabel(month: string): string {
  const label = monthName.format(new Date(`${month}-01T12:00:00Z`));
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function peopleText(month: MonthFigure, minGroup: number): string {
  return month.respondents === null ? `menos de ${minGroup}` : `cerca de ${month.respondents}`;
}

function scaleText(figure: MonthFigure["averageMood"]): string {
  return figure === null ? "Oculto" : formatScaleRange(figure.mean, figure.margin, { short: true });
}

/**
 * A small company's mood by closed month (docs/decisions/040): why it is monthly, and each month
 * with its margin, or hidden when too few answered.
 */
export function MonthlyMood({ report }: { report: Report }) {
  if (report.grain !== "month" && report.months.length === 0) return null;
  return (
    <Card className="space-y-4" role="region" aria-label="Humor por mês">
      <div className="space-y-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CalendarRange aria-hidden className="size-5 text-primary" strokeWidth={1.75} /> Humor por mês
        </h2>
        <p className="text-sm text-muted">
          Em equipes com menos de {DAILY_GRAIN_MIN_MEMBERS} pessoas, o humor de um dia diria demais sobre cada uma. Por
          isso ele aparece por mês encerrado: cada pessoa conta uma vez, pela sua média do mês, e cada número tem uma
          variação aleatória de propósito. Cada número é um intervalo numa escala de 1 a 5: o valor real está nele em 9
          de cada 10 casos.
        </p>
      </div>
      {report.months.length === 0 ? (
        <p className="text-sm text-muted">O primeiro mês aparece aqui quando terminar.</p>
      ) : (
        <>
          {/* A phone gets each month as a small block, so no column is cut off; wider screens compare months in a table. */}
          <ul className="divide-y divide-border sm:hidden">
            {report.months.map((month) => (
              <li key={month.month} className="space-y-2 py-3">
                <h3 className="font-medium">{monthLabel(month.month)}</h3>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted">Humor</dt>
                  <dd>{scaleText(month.averageMood)}</dd>
                  <dt className="text-muted">Energia</dt>
                  <dd>{scaleText(month.averageEnergy)}</dd>
                  <dt className="text-muted">Estresse</dt>
                  <dd>{scaleText(month.averageStress)}</dd>
                  <dt className="text-muted">Pessoas</dt>
                  <dd>{peopleText(month, report.minGroup)}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-left text-sm sm:table">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Mês
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Humor
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Energia
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Estresse
                </th>
                <th scope="col" className="py-2 font-medium">
                  Pessoas
                </th>
              </tr>
            </thead>
            <tbody>
              {report.months.map((month) => (
                <tr key={month.month} className="border-t border-border">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {monthLabel(month.month)}
                  </th>
                  <td className="py-2 pr-4 whitespace-nowrap">{scaleText(month.averageMood)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{scaleText(month.averageEnergy)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{scaleText(month.averageStress)}</td>
                  <td className="py-2">{peopleText(month, report.minGroup)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
