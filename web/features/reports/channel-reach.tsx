import { useQuery } from "@tanstack/react-query";
import { formatMonthPtBR, formatNumber, formatPercent } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import type { ChannelReach as Reach, ReminderChannel } from "#core/schemas/notifications.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ScrollRegion } from "#web/components/ui/scroll-region.tsx";
import { api } from "#web/lib/api.ts";

const channelLabels: Record<ReminderChannel, string> = {
  push: "Notificação no app",
  email: "E-mail",
  whatsapp: "WhatsApp",
  msteams: "Microsoft Teams",
};

function useChannelReach(companyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ["reports", "channel-reach", companyId ?? "own"],
    queryFn: () => api<Reach>(`/api/reports/channel-reach${companyId ? `?companyId=${companyId}` : ""}`),
    enabled,
  });
}

const cellText = (row: Reach["rows"][number] | undefined) =>
  row?.shown && row.chose !== null && row.share !== null
    ? `${formatPercent(row.share * 100, 0)} de cerca de ${formatNumber(row.chose)} (± ${formatNumber(row.countMargin)})`
    : "—";

/**
 * /reports (issue 50, docs/decisions/092): of the members who chose each reminder channel, the share who
 * checked in each closed month, as the disclosure layer released it. Never who chose which channel.
 */
export function ChannelReach({ companyId, enabled }: { companyId?: string; enabled: boolean }) {
  const reach = useChannelReach(companyId, enabled);
  return (
    <Card className="space-y-4" role="region" aria-labelledby="alcance-canais">
      <CardTitle id="alcance-canais">Lembretes por canal</CardTitle>
      <CardDescription>
        Em cada mês fechado, quantas das pessoas que escolheram cada canal para os lembretes fizeram ao menos um
        check-in. Números aproximados, com margem; "—" quando há poucas pessoas para mostrar sem expor ninguém.
      </CardDescription>
      <QueryPanel query={reach} errorMessage={loadFailed("o alcance dos lembretes")}>
        {(data) => {
          const months = [...new Set(data.rows.map((row) => row.month))];
          return (
            <ScrollRegion label="Lembretes por canal em cada mês">
              <table className="w-full min-w-lg text-left text-sm">
                <caption className="sr-only">Pessoas ativas no mês, por canal de lembrete escolhido</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-2 pr-3">
                      Canal
                    </th>
                    {months.map((month) => (
                      <th key={month} scope="col" className="py-2 pr-3 font-medium">
                        {formatMonthPtBR(month)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {(Object.keys(channelLabels) as ReminderChannel[]).map((channel) => (
                    <tr key={channel} className="border-b border-border/60">
                      <th scope="row" className="py-2 pr-3 font-normal">
                        {channelLabels[channel]}
                      </th>
                      {months.map((month) => (
                        <td key={month} className="py-2 pr-3 tabular-nums">
                          {cellText(data.rows.find((row) => row.month === month && row.channel === channel))}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          );
        }}
      </QueryPanel>
    </Card>
  );
}
