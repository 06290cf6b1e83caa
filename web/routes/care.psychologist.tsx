/** A psychologist's page (issue 13): who they are, their next free slots, and booking or rescheduling. */
import { ArrowLeft, MapPin, Video } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { BookingDialog } from "#web/features/care/booking-dialog.tsx";
import { useCredits, usePsychologist } from "#web/features/care/care.queries.ts";
import { PsychologistPhoto } from "#web/features/care/psychologist-photo.tsx";
import { SlotPicker } from "#web/features/care/slot-picker.tsx";

export function meta() {
  return [{ title: "Psicólogo(a) | Sereno" }];
}

export default function CarePsychologistPage() {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const rescheduling = search.get("remarcar");
  const navigate = useNavigate();
  const psychologist = usePsychologist(id);
  const credits = useCredits();
  const [slot, setSlot] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <Link to="/care" className={buttonClass("link")}>
        <ArrowLeft aria-hidden className="size-4" /> Voltar para Apoio psicológico
      </Link>
      <QueryPanel query={psychologist} errorMessage="Não foi possível carregar este(a) profissional.">
        {(data) => (
          <>
            <Card className="space-y-3">
              <div className="flex items-center gap-4">
                <PsychologistPhoto photoUrl={data.photoUrl} size="lg" />
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <h2 className="text-xl font-semibold">{data.fullName}</h2>
                  <Badge>{data.crp}</Badge>
                </div>
              </div>
              {data.bio ? <p className="max-w-2xl leading-relaxed">{data.bio}</p> : null}
              <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
                <div>
                  <dt className="text-muted">Abordagens</dt>
                  <dd>{data.approaches.join(", ") || "—"}</dd>
                </div>
                <div>
                  <dt className="text-muted">Especialidades</dt>
                  <dd>{data.specialties.join(", ") || "—"}</dd>
                </div>
                <div>
                  <dt className="text-muted">Idiomas</dt>
                  <dd>{data.languages.join(", ")}</dd>
                </div>
                <div>
                  <dt className="text-muted">Modalidades</dt>
                  <dd className="flex flex-wrap gap-x-3">
                    {data.online ? (
                      <span className="inline-flex items-center gap-1">
                        <Video aria-hidden className="size-4" /> Online
                      </span>
                    ) : null}
                    {data.inPersonCity ? (
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden className="size-4" /> {data.inPersonCity}
                      </span>
                    ) : null}
                  </dd>
                </div>
              </dl>
              <p className="text-sm text-muted">
                Sessões de {data.sessionMinutes} minutos. Mensagens entre as sessões: costuma responder em até{" "}
                {data.replyHours} horas.
              </p>
            </Card>
            <Card className="space-y-4">
              <CardTitle>{rescheduling ? "Escolha a nova data" : "Próximos horários"}</CardTitle>
              <PageIntro>Horários de Brasília. Escolha um para ver os termos e confirmar.</PageIntro>
              <SlotPicker slots={data.slots} onPick={setSlot} />
            </Card>
            <BookingDialog
              psychologist={data}
              slot={slot}
              rescheduling={rescheduling}
              lateCancelConsumes={credits.data?.lateCancelConsumes ?? false}
              onClose={() => setSlot(null)}
              onBooked={() => navigate("/care")}
            />
          </>
        )}
      </QueryPanel>
    </div>
  );
}
