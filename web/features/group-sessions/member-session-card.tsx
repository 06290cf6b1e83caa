import { CalendarPlus, Clock, Globe2, MapPin, UserRound, Video } from "lucide-react";
import { useState } from "react";
import { formatSessionWhen } from "#core/format.ts";
import { groupSessionKindLabels, LINK_OPENS_MINUTES, type MemberSession } from "#core/schemas/group-sessions.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { FeedbackForm } from "./feedback-form.tsx";
import { useRegistration } from "./group-sessions.queries.ts";
import { SessionMaterials } from "./session-materials.tsx";

/** A workshop's places; a support group shows none (its places are drawn, docs/decisions/024). */
function placesText(session: MemberSession): string | null {
  if (session.isFull) return "Lotado: inscrições vão para a lista de espera";
  if (session.spotsLeft === null) return null;
  return session.spotsLeft === 1 ? "1 vaga livre" : `${session.spotsLeft} vagas livres`;
}

function isDrawClosed(session: MemberSession): boolean {
  return session.drawAt !== null && Date.parse(session.drawAt) <= Date.now();
}

/** Where a support group's request stands: only the person's own outcome, never anyone else's. */
function DrawStatus({ session, timeZone }: { session: MemberSession; timeZone: string }) {
  if (!session.drawAt || session.status === "cancelled" || session.hasEnded) return null;
  const when = formatSessionWhen(session.drawAt, timeZone);
  if (session.myStatus === null && isDrawClosed(session))
    return <p className="text-sm text-muted">As inscrições deste grupo fecharam e as vagas já foram sorteadas.</p>;
  if (session.myStatus === null)
    return (
      <p className="text-sm text-muted">
        As vagas são sorteadas entre todas as inscrições quando elas fecham ({when}): não importa quem se inscreve
        primeiro.
      </p>
    );
  if (session.myStatus === "requested")
    return (
      <p className="text-sm text-muted">O sorteio das vagas é {when}. Você recebe o resultado aqui e por e-mail.</p>
    );
  if (session.myStatus === "not_drawn")
    return (
      <p className="rounded-md bg-surface-2 p-3 text-sm">
        Houve mais pedidos do que vagas e, no sorteio, desta vez não deu. Obrigado por se inscrever: outros encontros
        vão aparecer aqui, e o Apoio psicológico está à disposição se você quiser conversar antes disso.
      </p>
    );
  return null;
}

/** One session as a person taking part sees it (docs/decisions/024). */
export function MemberSessionCard({ session, timeZone }: { session: MemberSession; timeZone: string }) {
  const registration = useRegistration();
  const [isConfirming, setConfirming] = useState(false);
  const isCancelled = session.status === "cancelled";
  const isIn = session.myStatus === "registered" || session.myStatus === "attended";
  const isDrawn = session.drawAt !== null;
  const places = placesText(session);
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
          {session.myStatus === "registered" && !isCancelled ? (
            <Badge tone="success">{isDrawn ? "Vaga confirmada" : "Inscrito(a)"}</Badge>
          ) : null}
          {session.myStatus === "requested" && !isCancelled ? <Badge>Inscrição recebida</Badge> : null}
          {session.myStatus === "not_drawn" && !isCancelled ? <Badge>Não foi desta vez</Badge> : null}
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
          {places && !session.hasEnded && !isCancelled && !isIn ? (
            <li className="text-muted sm:pl-6">{places}</li>
          ) : null}
        </ul>
        {session.kind === "support_group" ? (
          <p className="rounded-md bg-surface-2 p-3 text-xs text-muted">
            Grupo de apoio: sua empresa não vê quem participa nem quantas pessoas se inscrevem; depois do encontro, vê
            apenas um número aproximado, e só quando o grupo é grande o bastante. Na sua agenda, ele aparece como
            “Compromisso Sereno”.
          </p>
        ) : null}
        <DrawStatus session={session} timeZone={timeZone} />
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
            {session.myStatus === "not_drawn" ||
            (session.myStatus === null && isDrawClosed(session)) ? null : session.myStatus === null ? (
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
        description={
          isDrawn
            ? "Você pode se inscrever de novo enquanto as inscrições estiverem abertas; depois do sorteio, a vaga não volta."
            : "Sua vaga passa para a próxima pessoa da lista de espera. Você pode se inscrever de novo enquanto houver vagas."
        }
        confirmLabel={session.myStatus === "waitlisted" ? "Sair da lista" : "Cancelar inscrição"}
        onConfirm={() => void act(true)}
        isPending={registration.isPending}
      />
    </Card>
  );
}
