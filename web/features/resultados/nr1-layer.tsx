/**
 * Resultados' NR-1 layer (docs/decisions/093): each dimension's company-wide risk index in the last two
 * closed campaigns, with its range and n, and the change; until a second campaign closes, when it will show.
 */
import { formatDayPtBR, formatNumber } from "#core/format.ts";
import { resultadosMessages } from "#core/resultados-messages.ts";
import type { Nr1Side, Resultados } from "#core/schemas/resultados.ts";

/** A side's index and margin; on a phone the margin goes under the index, so the change column stays in view. */
function SideText({ side }: { side: Nr1Side | null }) {
  if (!side) return <>Oculto para proteger o anonimato</>;
  return (
    <>
      {formatNumber(side.index, { digits: 1 })}{" "}
      <span className="block text-xs text-muted sm:inline sm:text-sm sm:text-fg">
        ± {formatNumber(side.margin ?? 0, { digits: 1 })}
      </span>
    </>
  );
}

function changeText(change: number | null) {
  if (change === null) return "—";
  const sign = change > 0 ? "+" : "";
  return `${sign}${formatNumber(change, { digits: 1 })}`;
}

export function Nr1Layer({ nr1 }: { nr1: Resultados["nr1"] }) {
  const { before, after } = nr1;
  if (!before || !after) return <p className="text-sm text-muted">{resultadosMessages.nr1Pending}</p>;
  const campaign = (c: NonNullable<typeof before>, label: string) =>
    `${label}: ${c.title}, encerrada em ${formatDayPtBR(c.closedAt.slice(0, 10))} · n ≈ ${formatNumber(c.n)} ± ${formatNumber(c.nMargin)}`;
  return (
    <div className="space-y-3">
      <ul className="space-y-0.5 text-sm text-muted">
        <li>{campaign(before, "Antes")}</li>
        <li>{campaign(after, "Depois")}</li>
      </ul>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Índice de risco por dimensão, antes e depois</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                Dimensão
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Antes
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Depois
              </th>
              <th scope="col" className="py-2 font-medium">
                Variação
              </th>
            </tr>
          </thead>
          <tbody>
            {nr1.dimensions.map((d) => (
              <tr key={d.id} className="border-b border-border last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  {d.name}
                </th>
                <td className="py-2 pr-3 tabular-nums sm:whitespace-nowrap">
                  <SideText side={d.before} />
                </td>
                <td className="py-2 pr-3 tabular-nums sm:whitespace-nowrap">
                  <SideText side={d.after} />
                </td>
                <td className="whitespace-nowrap py-2 font-semibold tabular-nums">{changeText(d.change)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">
        Índice de risco de 0 a 100 (quanto maior, mais risco), margem de 90 %. Uma variação menor que as margens pode
        ser só ruído. Os números por setor estão em Riscos psicossociais.
      </p>
    </div>
  );
}
