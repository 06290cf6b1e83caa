/**
 * Spec 2 'Appointments': still a placeholder. Everything below is an example,
 * labelled as one, and every button says plainly that booking is not here yet.
 */
import { CalendarClock, CalendarDays, Clock, Construction, Hourglass, Video } from "lucide-react";
import { toast } from "sonner";
import { addDays, type IsoDay, localDay } from "#core/dates.ts";
import { formatDayPtBR, formatLongDay, formatShortDay } from "#core/format.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";

export function meta() {
  return [{ title: "Consultas | Sereno" }];
}

const COMING_SOON = "Em breve: o agendamento ainda não está disponível.";
const SAMPLE_TIMES = ["09:00", "11:30", "14:00", "16:30"];

function showComingSoon() {
  toast.info(COMING_SOON);
}

/** The next `count` weekdays after today, so the example always looks like the days ahead. */
function nextWeekdays(count: number, from = new Date()): IsoDay[] {
  const today = localDay(from, Intl.DateTimeFormat().resolvedOptions().timeZone);
  const days: IsoDay[] = [];
  for (let day = addDays(today, 1); days.length < count; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day);
  }
  return days;
}

function ExampleBadge() {
  return <Badge tone="accent">Exemplo</Badge>;
}

function SampleSlots({ days }: { days: IsoDay[] }) {
  return (
    <Card>
      <section aria-labelledby="horarios-titulo" className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="horarios-titulo">Horários disponíveis</CardTitle>
          <ExampleBadge />
        </div>
        <CardDescription>Assim vão aparecer os horários livres dos psicólogos parceiros.</CardDescription>
        <div className="grid gap-4 sm:grid-cols-3">
          {days.map((day) => (
            <div key={day} className="space-y-2">
              <p className="text-sm font-medium first-letter:uppercase">{formatLongDay(day, { withYear: false })}</p>
              <div className="grid grid-cols-2 gap-2">
                {SAMPLE_TIMES.map((time) => (
                  <Button
                    key={time}
                    variant="secondary"
                    aria-label={`Exemplo: ${formatShortDay(day)} às ${time}`}
                    onClick={showComingSoon}
                  >
                    {time}
                  </Button>
                ))}
              </div>
            </div>
          ))}
        </div>
      </section>
    </Card>
  );
}

function SampleAppointment({ day }: { day: IsoDay }) {
  const details = [
    { icon: CalendarDays, label: "Data", value: formatDayPtBR(day) },
    { icon: Clock, label: "Horário", value: "15:00" },
    { icon: Hourglass, label: "Duração", value: "50 minutos" },
    { icon: Video, label: "Tipo", value: "Online" },
  ];
  return (
    <Card>
      <section aria-labelledby="consulta-titulo" className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="consulta-titulo">Próxima consulta</CardTitle>
          <ExampleBadge />
          <Badge tone="primary">Primeira consulta</Badge>
        </div>
        <CardDescription>Uma consulta fictícia, só para mostrar como ela vai aparecer aqui.</CardDescription>
        <dl className="grid gap-3 sm:grid-cols-2">
          {details.map(({ icon: Icon, label, value }) => (
            <div key={label} className="space-y-1 rounded-md bg-surface-2 p-3">
              <dt className="flex items-center gap-2 text-xs text-muted">
                <Icon aria-hidden className="size-4 shrink-0 text-primary" strokeWidth={1.75} />
                {label}
              </dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-muted">
          As consultas poderão ser online ou presenciais, de primeira consulta ou de retorno.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={showComingSoon}>
            Reagendar
          </Button>
          <Button variant="ghost" onClick={showComingSoon}>
            Cancelar
          </Button>
        </div>
      </section>
    </Card>
  );
}

export default function AppointmentsPage() {
  const days = nextWeekdays(3);
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="em-desenvolvimento"
        className="flex gap-4 rounded-lg border border-accent/40 bg-accent-soft p-5"
      >
        <Construction aria-hidden className="mt-0.5 size-7 shrink-0 text-accent" strokeWidth={1.75} />
        <div className="space-y-2">
          <h2 id="em-desenvolvimento" className="text-lg font-semibold">
            Funcionalidade em Desenvolvimento
          </h2>
          <p className="text-sm leading-relaxed">
            Em breve você poderá agendar consultas com psicólogos parceiros por aqui. Por enquanto,{" "}
            <strong className="font-semibold">nada nesta página marca uma consulta de verdade</strong>: os horários e a
            consulta abaixo são apenas exemplos de como vai funcionar.
          </p>
        </div>
      </section>
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <SampleSlots days={days} />
        <SampleAppointment day={days[days.length - 1] ?? addDays(localDay(new Date(), "America/Sao_Paulo"), 3)} />
      </div>
      <p className="flex items-start gap-2 text-sm text-muted">
        <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={1.75} />
        Enquanto isso, os exercícios guiados e os check-ins continuam disponíveis para toda a equipe.
      </p>
    </div>
  );
}
