import { Building2, Clock, Download, Globe2, MapPin, Pencil, Star, UserRound, Video, XCircle } from "lucide-react";
import { useState } from "react";
import { formatDecimal, formatSessionWhen } from "#core/format.ts";
import { FEEDBACK_DAYS, groupSessionKindLabels, type ManagedSession } from "#core/schemas/group-sessions.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { AttendanceForm } from "./attendance-form.tsx";
import { type ManageScope, useCancelSession } from "./group-sessions.queries.ts";
import { SessionForm } from "./session-form.tsx";
import { SessionMaterials } from "./session-materials.tsx";

const statusLabels = { registered: "Inscrito(a)", waitlisted: "Lista de espera", attended: "Presente" } as const;

function Count({
  label,
  value,
  margin = null,
  hidden,
}: {
  label: string;
  value: number | null;
  /** A noisy count's 90 % margin (support groups, through the disclosure layer). */
  margin?: number | null;
  hidden: string;
}) {
  return (
    <div className="rounded-md bg-surface-2 p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold">
        {value === null ? (
          <span className="text-sm font-normal text-muted">{hidden}</span>
        ) : margin ? (
          `${value} ± ${margin}`
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/** One session on the manager's side (docs/decisions/024): names for workshops, counts only for support groups. */
export function ManagedSessionCard({
  session,
  scope,
  minGroup,
  timeZone,
}: {
  session: ManagedSession;
  scope: ManageScope;
  minGroup: number;
  timeZone: string;
}) {
  const cancel = useCancelSession();
  const [isEditing, setEditing] = useState(false);
  const [isCancelling, setCancelling] = useState(false);
  const isCancelled = session.status === "cancelled";
  const headingId = `gerir-${session.id}`;
  const isPrivate = session.kind === "support_group";
  // A support group's counts come only after the end, noisy, and hidden when the noisy count is below k (docs/decisions/024).
  const hidden = isPrivate && !session.hasEnded ? "Após o encontro" : "Oculto (grupo pequeno)";
  const { counts, feedback } = session;

  const confirmCancel = async () => {
    try {
      toast.success((await cancel.mutateAsync(session.id)).message);
      setCancelling(false);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status < 500 ? error.message : "Não foi possível cancelar. Tente novamente.",
      );
    }
  };

  return (
    <Card className="space-y-4">
      <article aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-2">
            <div className="flex flex-wrap gap-2">
              <Badge tone={isPrivate ? "accent" : "primary"}>{groupSessionKindLabels[session.kind]}</Badge>
              {session.isPlatform ? (
                <Badge>
                  <Globe2 aria-hidden className="size-3" /> Todas as empresas
                </Badge>
              ) : null}
              {session.audience === "sectors" ? (
                <Badge>
                  <Building2 aria-hidden className="size-3" />{" "}
                  {session.sectors.map((sector) => sector.name).join(", ") || "Setores removidos"}
                </Badge>
              ) : null}
              {isCancelled ? <Badge tone="danger">Cancelado</Badge> : null}
            </div>
            <h3 id={headingId} className="text-lg font-semibold">
              {session.title}
            </h3>
          </div>
          {!isCancelled && !session.hasStarted ? (
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="size-4" /> Editar
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setCancelling(true)}>
                <XCircle aria-hidden className="size-4" /> Cancelar encontro
              </Button>
            </div>
          ) : null}
        </div>
        <ul className="grid gap-2 text-sm sm:grid-cols-3">
          <li className="flex items-start gap-2">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <time dateTime={session.startsAt}>{formatSessionWhen(session.startsAt, timeZone)}</time>
          </li>
          <li className="flex items-start gap-2">
            <UserRound aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              {session.facilitatorName}
              {session.facilitatorPsychologistId ? <span className="text-muted"> · psicólogo(a) do Sereno</span> : null}
            </span>
          </li>
          <li className="flex min-w-0 items-start gap-2">
            {session.modality === "online" ? (
              <Video aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            ) : (
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            )}
            <span className="break-all">{session.location}</span>
          </li>
        </ul>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <div className="rounded-md bg-surface-2 p-3">
            <dt className="text-xs text-muted">Vagas</dt>
            <dd className="text-lg font-semibold">{session.capacity}</dd>
          </div>
          <Count label="Inscritos" value={counts.registered} margin={counts.margin} hidden={hidden} />
          {isPrivate ? null : <Count label="Lista de espera" value={counts.waitlisted} hidden={hidden} />}
          {session.hasStarted ? (
            <Count label="Presentes" value={counts.attended} margin={counts.margin} hidden={hidden} />
          ) : null}
        </dl>
        {isPrivate ? (
          <p className="text-xs text-muted">
            Grupo de apoio: nomes nunca aparecem para a empresa, e as vagas são sorteadas entre os pedidos. Os números
            aparecem só depois do encontro, aproximados (± a margem), e ficam ocultos quando ficam abaixo de {minGroup}.
          </p>
        ) : session.people && session.people.length > 0 ? (
          <details className="rounded-md border border-border p-3">
            <summary className="cursor-pointer text-sm font-medium">Participantes ({session.people.length})</summary>
            <ul aria-label="Participantes" className="mt-2 divide-y divide-border text-sm">
              {session.people.map((person) => (
                <li key={person.userId} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>{person.name}</span>
                  <span className="text-muted">{statusLabels[person.status]}</span>
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <p className="text-sm text-muted">Ninguém se inscreveu ainda.</p>
        )}
        <SessionMaterials
          sessionId={session.id}
          materials={session.materials}
          canDownload={!isPrivate}
          canManage={!isCancelled}
        />
        {session.hasStarted && !isCancelled ? (
          isPrivate && session.facilitatorPsychologistId ? (
            <p className="rounded-lg border border-border bg-surface-2 p-4 text-sm text-muted">
              {session.attendanceMarkedAt
                ? "Presença registrada pelo(a) psicólogo(a) que conduziu o grupo."
                : "O(a) psicólogo(a) que conduz o grupo registra a presença depois do encontro."}
            </p>
          ) : (
            <AttendanceForm session={session} />
          )
        ) : null}
        {session.hasStarted && !isPrivate && !isCancelled ? (
          <a
            href={`/api/group-sessions/${session.id}/attendance.csv`}
            download
            className={buttonClass("secondary", "sm")}
          >
            <Download aria-hidden className="size-4" /> Baixar lista de presença (CSV)
          </a>
        ) : null}
        {session.hasStarted ? (
          <div className="flex items-start gap-2 text-sm">
            <Star aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            {!feedback.isClosed ? (
              <span className="text-muted">
                As avaliações aparecem {FEEDBACK_DAYS} dias depois do encontro, quando o prazo para avaliar termina.
              </span>
            ) : feedback.answered === null ? (
              <span className="text-muted">
                Avaliações aparecem quando cerca de {minGroup} pessoas ou mais respondem.
              </span>
            ) : (
              <div className="space-y-2">
                <p>
                  Nota média {feedback.average === null ? "—" : formatDecimal(feedback.average)}
                  {feedback.margin === null ? "" : ` ± ${formatDecimal(feedback.margin)}`} de 5 (cerca de{" "}
                  {feedback.answered} avaliações)
                </p>
                {feedback.comments ? (
                  <ul className="list-disc space-y-1 pl-5 text-muted">
                    {feedback.comments.map((comment, index) => (
                      // Comments have no id on purpose (docs/decisions/024); their order is fixed by the server.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                      <li key={index}>{comment}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-xs text-muted">Comentários aparecem a partir de 10 avaliações.</p>
                )}
              </div>
            )}
          </div>
        ) : null}
      </article>
      <Dialog open={isEditing} onOpenChange={setEditing} title="Editar encontro" className="max-w-2xl">
        <SessionForm scope={scope} session={session} onDone={() => setEditing(false)} />
      </Dialog>
      <ConfirmDialog
        open={isCancelling}
        onOpenChange={setCancelling}
        title="Cancelar este encontro?"
        description="Quem está inscrito ou na lista de espera recebe um e-mail avisando do cancelamento. Isso não pode ser desfeito."
        confirmLabel="Cancelar encontro"
        onConfirm={() => void confirmCancel()}
        isPending={cancel.isPending}
      />
    </Card>
  );
}
