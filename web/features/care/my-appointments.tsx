import { CalendarCheck, Video } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { MyAppointment } from "#core/schemas/care.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { useCancel } from "./care.queries.ts";
import { careWhen, errorText } from "./care-format.ts";

const statusLabels: Record<
  MyAppointment["status"],
  { label: string; tone: "primary" | "success" | "danger" | "neutral" }
> = {
  booked: { label: "Agendada", tone: "primary" },
  held: { label: "Realizada", tone: "success" },
  no_show: { label: "Falta", tone: "danger" },
  cancelled: { label: "Cancelada", tone: "neutral" },
};

function AppointmentRow({ appointment, onCancel }: { appointment: MyAppointment; onCancel?: () => void }) {
  const status = statusLabels[appointment.status];
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="font-medium first-letter:uppercase">{careWhen(appointment.startsAt)}</p>
        <p className="text-sm text-muted">
          {appointment.psychologistName}{" "}
          <Badge tone={status.tone}>
            {status.label}
            {appointment.lateCancellation ? " (tardia)" : ""}
          </Badge>
        </p>
      </div>
      {onCancel ? (
        <div className="flex flex-wrap gap-2">
          {appointment.videoUrl ? (
            <a href={appointment.videoUrl} target="_blank" rel="noreferrer" className={buttonClass("primary", "sm")}>
              <Video aria-hidden className="size-4" /> Entrar na sala
            </a>
          ) : null}
          <Link
            to={`/care/psicologos/${appointment.psychologistId}?remarcar=${appointment.id}`}
            className={buttonClass("secondary", "sm")}
          >
            Remarcar
          </Link>
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancelar
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function MyAppointments({ upcoming, past }: { upcoming: MyAppointment[]; past: MyAppointment[] }) {
  const [cancelling, setCancelling] = useState<MyAppointment | null>(null);
  const cancel = useCancel();
  return (
    <div className="space-y-6">
      <section aria-labelledby="proximas" className="space-y-3">
        <h3 id="proximas" className="font-semibold">
          Próximas
        </h3>
        {upcoming.length === 0 ? (
          <EmptyState icon={CalendarCheck} title="Nenhuma consulta marcada">
            Escolha um(a) profissional abaixo e agende um horário.
          </EmptyState>
        ) : (
          <ul className="space-y-2">
            {upcoming.map((appointment) => (
              <AppointmentRow
                key={appointment.id}
                appointment={appointment}
                onCancel={() => setCancelling(appointment)}
              />
            ))}
          </ul>
        )}
        <p className="text-xs text-muted">O link da sala aparece aqui 15 minutos antes do início.</p>
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="passadas" className="space-y-3">
          <h3 id="passadas" className="font-semibold">
            Passadas e canceladas
          </h3>
          <ul className="space-y-2">
            {past.slice(0, 10).map((appointment) => (
              <AppointmentRow key={appointment.id} appointment={appointment} />
            ))}
          </ul>
        </section>
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancelar esta consulta?"
        description={
          cancelling
            ? `${careWhen(cancelling.startsAt)} com ${cancelling.psychologistName}. Com 24 horas ou mais de antecedência, a sessão volta para você.`
            : undefined
        }
        confirmLabel="Cancelar consulta"
        isPending={cancel.isPending}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: (result) => {
              toast.success(
                result.lateCancellation
                  ? "Consulta cancelada (cancelamento tardio)."
                  : "Consulta cancelada. A sessão voltou para você.",
              );
              setCancelling(null);
            },
            onError: (error) => toast.error(errorText(error, "Não foi possível cancelar agora.")),
          });
        }}
      />
    </div>
  );
}
