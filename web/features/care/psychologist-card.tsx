import { MapPin, Video } from "lucide-react";
import { Link } from "react-router";
import type { PsychologistCard as Card } from "#core/schemas/care.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { careWhen } from "./care-format.ts";
import { PsychologistPhoto } from "./psychologist-photo.tsx";

export function PsychologistCard({ psychologist }: { psychologist: Card }) {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-5 shadow-soft">
      <div className="flex items-start gap-3">
        <PsychologistPhoto photoUrl={psychologist.photoUrl} />
        <div className="min-w-0">
          <h3 className="font-semibold">{psychologist.fullName}</h3>
          <p className="text-xs text-muted">{psychologist.crp}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {psychologist.approaches.map((item) => (
          <Badge key={item} tone="primary">
            {item}
          </Badge>
        ))}
        {psychologist.specialties.map((item) => (
          <Badge key={item}>{item}</Badge>
        ))}
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {psychologist.online ? (
          <span className="inline-flex items-center gap-1">
            <Video aria-hidden className="size-4" strokeWidth={1.75} /> Online
          </span>
        ) : null}
        {psychologist.inPersonCity ? (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="size-4" strokeWidth={1.75} /> Presencial em {psychologist.inPersonCity}
          </span>
        ) : null}
      </p>
      <p className="text-sm">
        {psychologist.nextSlot ? (
          <>
            Próximo horário: <strong className="font-medium">{careWhen(psychologist.nextSlot)}</strong>
          </>
        ) : (
          <span className="text-muted">Sem horários livres nas próximas semanas</span>
        )}
      </p>
      <Link
        to={`/care/psicologos/${psychologist.id}`}
        className={`${buttonClass("secondary")} mt-auto`}
        aria-label={`Ver horários de ${psychologist.fullName}`}
      >
        Ver horários
      </Link>
    </article>
  );
}
