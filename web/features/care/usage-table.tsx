import { EyeOff } from "lucide-react";
import { formatMonthPtBR, formatNumber, formatPercent } from "#core/format.ts";
import type { CareUsage } from "#core/schemas/care.ts";

function Cell({ value, format }: { value: number | null; format: (n: number) => string }) {
  if (value === null) {
    return (
      <td className="px-3 py-2 text-muted">
        <span className="inline-flex items-center gap-1">
          <EyeOff aria-hidden className="size-4" /> Oculto
        </span>
      </td>
    );
  }
  return <td className="px-3 py-2 tabular-nums">{format(value)}</td>;
}

/** Per month, counts only; a figure behind fewer than the minimum group of people reads 'Oculto'. */
export function UsageTable({ usage }: { usage: CareUsage }) {
  const count = (n: number) => formatNumber(n);
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Uso do apoio psicológico por mês</caption>
          <thead className="border-b border-border text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Mês
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Sessões realizadas
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Sessões usadas
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Sessões concedidas
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Pessoas que usaram
              </th>
            </tr>
          </thead>
          <tbody>
            {[...usage.months].reverse().map((month) => (
              <tr key={month.month} className="border-b border-border/60">
                <th scope="row" className="px-3 py-2 font-medium first-letter:uppercase">
                  {formatMonthPtBR(month.month)}
                </th>
                <Cell value={month.sessionsHeld} format={count} />
                <Cell value={month.creditsUsed} format={count} />
                <Cell value={month.creditsGranted} format={count} />
                <Cell value={month.usedShare} format={(n) => formatPercent(n)} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">
        Para proteger o sigilo, um número que vem de menos de {usage.minGroup} pessoas aparece como “Oculto”. Você nunca
        vê quem agendou, quando, com quem, faltas nem motivos de cancelamento.
      </p>
    </div>
  );
}
