import { EyeOff } from "lucide-react";
import { formatMonthPtBR, formatNumber } from "#core/format.ts";
import type { CareUsage } from "#core/schemas/care.ts";

type UsageMonth = CareUsage["months"][number];

function PeopleCell({ month }: { month: UsageMonth }) {
  if (!month.shown || month.people === null) {
    return (
      <td className="px-3 py-2 text-muted">
        <span className="inline-flex items-center gap-1">
          <EyeOff aria-hidden className="size-4" /> Oculto
        </span>
      </td>
    );
  }
  return (
    <td className="px-3 py-2 tabular-nums">
      cerca de {formatNumber(month.people)} ± {formatNumber(month.margin)}
    </td>
  );
}

/** Per closed month, how many people had a session: a count with noise and its margin, or 'Oculto'. */
export function UsageTable({ usage }: { usage: CareUsage }) {
  const margin = usage.months[0]?.margin;
  const spread =
    margin === undefined ? "" : ` (em 9 de cada 10 meses, até ${formatNumber(margin)} pessoas para mais ou para menos)`;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Uso do apoio psicológico por mês</caption>
          <thead className="border-b border-border text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Mês
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Pessoas que tiveram sessão
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Pessoas na empresa no início do mês
              </th>
            </tr>
          </thead>
          <tbody>
            {[...usage.months].reverse().map((month) => (
              <tr key={month.month} className="border-b border-border/60">
                <th scope="row" className="px-3 py-2 font-medium first-letter:uppercase">
                  {formatMonthPtBR(month.month)}
                </th>
                <PeopleCell month={month} />
                <td className="px-3 py-2 tabular-nums">{formatNumber(month.members)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">
        Para proteger o sigilo, cada número tem um pequeno desvio sorteado{spread}, fica igual depois de publicado e,
        quando dá menos de {usage.minGroup} pessoas, aparece como “Oculto”. Só contam pessoas que já estavam na empresa
        quando o mês começou. Você nunca vê quem agendou, quando, com quem, quantas sessões, faltas nem cancelamentos.
      </p>
    </div>
  );
}
