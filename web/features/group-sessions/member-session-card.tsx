import { CalendarPlus, Clock, Globe2, MapPin, UserRound, Video } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { formatSessionWhen } from "#core/format.ts";
import { groupSessionKindLabels, LINK_OPENS_MINUTES, type MemberSession } from "#core/schemas/group-sessions.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { FeedbackForm } from "./feedback-form.tsx";
import { useRegistration } from "./group-sessions.queries.ts";
import { SessionMaterials } from "./session-materials.tsx";

function placesText(session: MemberSession): string {
  if (session.isFull) return "Lotado: inscrições vão para a lista de espera";
  if (session.spotsLeft === null) return "Há vagas";
  return session.spotsLeft === 1 ? "1 vaga livre" : `${session.spotsLeft} vagas livres`;
}

/** One session as a person taking part sees it (docs/decisions/024). */
export function MemberSessionCard({ session, timeZone }: { session: MemberSession; timeZone: string }) {
  const registration = useRegistration();
  const [isConfirming, setConfirming] = useState(false);
  const isCancelled = session.status === "cancelled";
  const isIn = session.myStatus === "registered" || session.myStatus === "attended";
  const headingId = `sessao-${session.id}`;

  const act = async (isCancel: boolean) => {
    try {
      const result = await registration.mutateAsync({ id: session.id, isCancel });
      toast.success(result.message);
      setConfirming(false);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status < 500 ? error.message : "Não foi possível concluir. Tente novamente.",
      );
    }
  };

  return (
    <Card className="space-y-4">
      <article aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={session.kind === "workshop" ? "primary" : "accent"}>
            {groupSessionKindLabels[session.kind]}
          </Badge>
          {session.isPlatform ? (
            <Badge>
              <Globe2 aria-hidden className="size-3" /> Aberto a todas as empresas
            </Badge>
          ) : null}
          {isCancelled ? <Badge tone="danger">Cancelado</Badge> : null}
          {session.myStatus === "registered" && !isCancelled ? <Badge tone="success">Inscrito(a)</Badge> : null}
          {session.myStatus === "attended" ? <Badge tone="success">Presença registrada</Badge> : null}
          {session.myStatus === "waitlisted" && !isCancelled ? (
            <Badge>Lista de espera: {session.waitlistPosition}º lugar</Badge>
          ) : null}
        </div>
        <div className="space-y-1">
          <h3 id={headingId} className="text-lg font-semibold">
            {session.title}
          </h3>
          {session.description ? <p className="whitespace-pre-line text-sm text-muted">{session.description}</p> : null}
        </div>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          <li className="flex items-start gap-2">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              <time dateTime={session.startsAt}>{formatSessionWhen(session.startsAt, timeZone)}</time> ·{" "}
              {session.durationMinutes} min
            </span>
          </li>
          <li className="flex items-start gap-2">
            <UserRound aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>Com {session.facilitatorName}</span>
          </li>
          <li className="flex items-start gap-2">
            {session.modality === "online" ? (
              <Video aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            ) : (
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            )}
            <span>{session.modality === "online" ? "On-line" : `Presencial: ${session.place}`}</span>
          </li>
          {!session.hasEnded && !isCancelled && !isIn ? (
            <li className="text-muted sm:pl-6">{placesText(session)}</li>
          ) : null}
        </ul>
        {session.kind === "support_group" ? (
          <p className="rounded-md bg-surface-2 p-3 text-xs text-muted">
            Grupo de apoio: sua empresa não vê quem participa, só quantas pessoas, e apenas quando o grupo é grande o
            bastante. Na sua agenda, ele aparece como “Compromisso Sereno”.
          </p>
        ) : null}
        {session.link ? (
          <a href={session.link} target="_blank" rel="noreferrer" className={buttonClass("accent")}>
            <Video aria-hidden className="size-4" /> Entrar na sala on-line
          </a>
        ) : isIn && session.modality === "online" && !session.hasEnded && !isCancelled ? (
          <p className="text-sm text-muted">
            O link da sala aparece aqui {LINK_OPENS_MINUTES} minutos antes do início.
          </p>
        ) : null}
        {!isCancelled && !session.hasEnded ? (
          <div className="flex flex-wrap gap-2">
            {session.myStatus === null ? (
              <Button onClick={() => void act(false)} disabled={registration.isPending}>
                {session.isFull ? "Entrar na lista de espera" : "Inscrever-me"}
              </Button>
            ) : (
              <>
                {isIn ? (
                  <a
                    href={`/api/group-sessions/${session.id}/calendar.ics`}
                    download="compromisso-sereno.ics"
                    className={buttonClass("secondary")}
                  >
                    <CalendarPlus aria-hidden className="size-4" /> Adicionar à agenda
                  </a>
                ) : null}
                <Button variant="ghost" onClick={() => setConfirming(true)}>
                  {session.myStatus === "waitlisted" ? "Sair da lista de espera" : "Cancelar inscrição"}
                </Button>
              </>
            )}
          </div>
        ) : null}
        <SessionMaterials sessionId={session.id} materials={session.materials} canDownload />
        {session.canGiveFeedback ? <FeedbackForm sessionId={session.id} /> : null}
        {session.hasGivenFeedback ? <p className="text-sm text-muted">Obrigado pela sua avaliação.</p> : null}
      </article>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title={session.myStatus === "waitlisted" ? "Sair da lista de espera?" : "Cancelar sua inscrição?"}
        description="Sua vaga passa para a próxima pessoa da lista de espera. Você pode se inscrever de novo enquanto houver vagas."
        confirmLabel={session.myStatus === "waitlisted" ? "Sair da lista" : "Cancelar inscrição"}
        onConfirm={() => void act(true)}
        isPending={registration.isPending}
      />
    </Card>
  );
}
