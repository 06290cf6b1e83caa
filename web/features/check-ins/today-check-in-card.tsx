import { CircleCheck, CloudUpload, HeartHandshake } from "lucide-react";
import { Link } from "react-router";
import { checkInMessages } from "#core/check-in-messages.ts";
import { localDay } from "#core/dates.ts";
import { checkInAwardText } from "#core/streak.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { useViewer } from "#web/lib/session.ts";
import { useTodayCheckIn } from "./check-ins.queries.ts";
import { useQueuedCheckIns } from "./offline-check-ins.ts";

/** Today's check-in card: an invitation, then a completion message with +50 XP and the streak bonus (spec 4, docs/decisions/023). */
export function TodayCheckInCard() {
  const today = useTodayCheckIn();
  const me = useViewer();
  const isQueued = useQueuedCheckIns(me.id).data?.some(
    (entry) => localDay(new Date(entry.madeAt), me.timezone) === localDay(new Date(), me.timezone),
  );
  return (
    <Card className="flex flex-col gap-4" aria-labelledby="today-check-in">
      <CardTitle id="today-check-in">Check-in de hoje</CardTitle>
      {isQueued ? (
        <div role="status" className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning-soft p-4">
          <CloudUpload aria-hidden className="size-6 shrink-0 text-warning" />
          <div>
            <p className="font-medium">Check-in guardado neste aparelho</p>
            <p className="text-sm text-muted">{checkInMessages.offlineCheckInQueued}.</p>
          </div>
        </div>
      ) : (
        <QueryPanel query={today} errorMessage="Erro ao verificar check-ins existentes">
          {({ checkIn, award }) =>
            checkIn ? (
              <div role="status" className="flex items-start gap-3 rounded-lg bg-success-soft p-4">
                <CircleCheck aria-hidden className="size-6 shrink-0 text-success" />
                <div>
                  <p className="font-medium">Check-in concluído! {checkInAwardText(award)}</p>
                  <p className="text-sm text-muted">Obrigado por se ouvir hoje. Até amanhã!</p>
                </div>
              </div>
            ) : (
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex items-start gap-3">
                  <HeartHandshake aria-hidden className="size-6 shrink-0 text-primary" />
                  <CardDescription>
                    Como você está hoje? Responder leva menos de um minuto. Hoje: {checkInAwardText(award)}.
                  </CardDescription>
                </div>
                <Link to="/check-ins" className={buttonClass("primary")}>
                  Fazer check-in
                </Link>
              </div>
            )
          }
        </QueryPanel>
      )}
    </Card>
  );
}
