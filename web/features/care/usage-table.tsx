import { CalendarClock } from "lucide-react";
import { formatMonthPtBR, formatNumber } from "#core/format.ts";
import type { CareUsage } from "#core/schemas/care.ts";
import { ScrollRegion } from "#web/components/ui/scroll-region.tsx";
import { listMonths, splitUsageMonths } from "./usage-months.ts";

/** How the number is protected: the same words under the table and under the empty state. */
function HowItIsProtected({ usage }: { usage: CareUsage }) {
  const margin = usage.months[0]?.margin;
  const spread =
    margin === undefined ? "" : ` (em 9 de cada 10 meses, até ${formatNumber(margin)} pessoas para mais ou para menos)`;
  return (
    <p className="text-xs text-muted">
      Para proteger o sigilo, cada número tem um pequeno desvio sorteado{spread} e fica igual depois de publicado. Só
      contam pessoas que já estavam na empresa quando o mês começou. Você nunca vê quem agendou, quando, com quem,
      quantas sessões, faltas nem cancelamentos.
    </p>
  );
}

/**
 * Per closed month, how many people had a session (a count with noise and its margin). Only the months with
 * a number make the table; the others are named in one sentence, and with none there is no table at all.
 */
export function UsageTable({ usage }: { usage: CareUsage }) {
  const { shown, hidden, isCompanyTooSmall } = splitUsageMonths(usage);
  const minGroup = formatNumber(usage.minGroup);
  if (shown.length === 0)
    return (
      <div className="space-y-3">
        <div className="flex gap-3 rounded-lg border border-dashed border-border p-4">
          <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-muted" strokeWidth={1.5} />
          <div className="space-y-1 text-sm">
            <p className="font-medium">Ainda não há números para mostrar.</p>
            <p className="text-muted">
              {isCompanyTooSmall
                ? `Quando a empresa começar um mês com pelo menos ${minGroup} pessoas, aparece aqui, depois que esse mês terminar, quantas tiveram sessão com um psicólogo.`
                : `Quando um mês termina, aparece aqui quantas pessoas tiveram sessão com um psicólogo nele (por exemplo, “cerca de 10 ± 4”), se esse número, já com o desvio sorteado, chegar a ${minGroup} pessoas. Nos últimos ${usage.months.length} meses, nenhum chegou.`}
            </p>
          </div>
        </div>
        <HowItIsProtected usage={usage} />
      </div>
    );
  return (
    <div className="space-y-3">
      <ScrollRegion label="Uso do apoio psicológico por mês">
        <table className="w-full min-w-[20rem] text-left text-sm">
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
            {shown.map((month) => (
              <tr key={month.month} className="border-b border-border/60">
                <th scope="row" className="px-3 py-2 font-medium">
                  {formatMonthPtBR(month.month)}
                </th>
                <td className="px-3 py-2 tabular-nums">
                  cerca de {formatNumber(month.people)} ± {formatNumber(month.margin)}
                </td>
                <td className="px-3 py-2 tabular-nums">{formatNumber(month.members)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {hidden.length ? (
        <p className="text-sm text-muted">
          Sem número para {listMonths(hidden)}: com o desvio sorteado, ficaram abaixo de {minGroup} pessoas.
        </p>
      ) : null}
      <HowItIsProtected usage={usage} />
    </div>
  );
}
