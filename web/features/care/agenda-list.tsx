import { CalendarCheck, ClipboardList, Video } from "lucide-react";
import { useState } from "react";
import { canMarkNoShow } from "#core/care.ts";
import type { AgendaAppointment } from "#core/schemas/care.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";
import { useMark } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";
import { PatientMeasuresDialog } from "./patient-measures-dialog.tsx";

const statusLabels: Record<AgendaAppointment["status"], string> = {
  booked: "Agendada",
  held: "Realizada",
  no_show: "Falta",
  cancelled: "Cancelada",
};

function Row({ appointment, onMeasures }: { appointment: AgendaAppointment; onMeasures: (memberId: string) => void }) {
  const mark = useMark();
  const started = Date.parse(appointment.startsAt) <= Date.now();
  // Awaited, not mutate callbacks: a marked row moves to the history list, so this one unmounts.
  const send = (outcome: "held" | "no_show") =>
    mark.mutateAsync({ id: appointment.id, outcome }).then(
      () => toast.success(outcome === "held" ? "Sessão registrada como realizada." : "Falta registrada."),
      (error: unknown) => toast.error(errorText(error, "Não foi possível registrar agora.")),
    );
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="font-medium first-letter:uppercase">{careWhen(appointment.startsAt)}</p>
        <p className="text-sm text-muted">
          {appointment.memberName}
          {appointment.companyName ? ` · ${appointment.companyName}` : ""}{" "}
          <Badge>{statusLabels[appointment.status]}</Badge>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="ghost" onClick={() => onMeasures(appointment.memberId)}>
          <ClipboardList aria-hidden className="size-4" /> Autoavaliações
          <span className="sr-only"> de {appointment.memberName}</span>
        </Button>
        {appointment.status === "booked" ? (
          <>
            {appointment.videoUrl ? (
              <a href={appointment.videoUrl} target="_blank" rel="noreferrer" className={buttonClass("primary", "sm")}>
                <Video aria-hidden className="size-4" /> Entrar na sala
              </a>
            ) : null}
            {started ? (
              <>
                <Button size="sm" variant="secondary" disabled={mark.isPending} onClick={() => send("held")}>
                  Marcar como realizada
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={mark.isPending || !canMarkNoShow(new Date(appointment.startsAt), new Date())}
                  title="A falta pode ser registrada 10 minutos depois do início"
                  onClick={() => send("no_show")}
                >
                  Registrar falta
                </Button>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </li>
  );
}

export function AgendaList({ upcoming, past }: { upcoming: AgendaAppointment[]; past: AgendaAppointment[] }) {
  const [reading, setReading] = useState<string | null>(null);
  const toMark = past.filter((item) => item.status === "booked");
  const rest = past.filter((item) => item.status !== "booked");
  return (
    <div className="space-y-6">
      <section aria-labelledby="agenda-proximas" className="space-y-3">
        <h3 id="agenda-proximas" className="font-semibold">
          Próximas sessões
        </h3>
        {upcoming.length + toMark.length === 0 ? (
          <EmptyState icon={CalendarCheck} title="Nenhuma sessão marcada">
            Quando alguém agendar, a sessão aparece aqui e você recebe um e-mail com o convite.
          </EmptyState>
        ) : (
          <ul className="space-y-2">
            {[...toMark, ...upcoming].map((appointment) => (
              <Row key={appointment.id} appointment={appointment} onMeasures={setReading} />
            ))}
          </ul>
        )}
      </section>
      {rest.length > 0 ? (
        <section aria-labelledby="agenda-passadas" className="space-y-3">
          <h3 id="agenda-passadas" className="font-semibold">
            Histórico
          </h3>
          <ul className="space-y-2">
            {rest.slice(0, 20).map((appointment) => (
              <Row key={appointment.id} appointment={appointment} onMeasures={setReading} />
            ))}
          </ul>
        </section>
      ) : null}
      <PatientMeasuresDialog memberId={reading} onClose={() => setReading(null)} />
    </div>
  );
}
