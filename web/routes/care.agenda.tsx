/** The psychologist's home (issue 13): their sessions to come, marking held or missed, and their weekly agenda. */
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { AgendaList } from "#web/features/care/agenda-list.tsx";
import { AvailabilityForm } from "#web/features/care/availability-form.tsx";
import { useAgenda, useAvailability } from "#web/features/care/care.queries.ts";
import { SafetyAlerts } from "#web/features/care/safety-alerts.tsx";
import { TimeOffForm } from "#web/features/care/time-off-form.tsx";

export function meta() {
  return [{ title: "Minha agenda | Sereno" }];
}

const statusNotes = {
  pending:
    "Seu cadastro aguarda a verificação do CRP e do e-Psi pela equipe do Sereno: até lá, você não aparece no diretório.",
  suspended: "Seu cadastro está suspenso: você não aparece no diretório. Fale com a equipe do Sereno.",
  verified: null,
} as const;

export default function CareAgendaPage() {
  const agenda = useAgenda();
  const availability = useAvailability();
  const note = availability.data ? statusNotes[availability.data.status] : null;
  return (
    <div className="space-y-6">
      <PageIntro>
        Você vê só as suas sessões: o primeiro nome da pessoa e a empresa, nada mais. Horários de Brasília.
      </PageIntro>
      {note ? (
        <p role="status" className="rounded-lg bg-accent-soft p-4 text-sm">
          {note}
        </p>
      ) : null}
      <SafetyAlerts />
      <Card className="space-y-3">
        <CardTitle>Sessões</CardTitle>
        <QueryPanel query={agenda} errorMessage="Não foi possível carregar sua agenda.">
          {(data) => <AgendaList upcoming={data.upcoming} past={data.past} />}
        </QueryPanel>
      </Card>
      <QueryPanel query={availability} errorMessage="Não foi possível carregar seus horários.">
        {(data) => (
          <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
            <Card className="space-y-3">
              <CardTitle>Disponibilidade</CardTitle>
              <AvailabilityForm availability={data} />
            </Card>
            <Card className="space-y-3">
              <CardTitle>Folgas e férias</CardTitle>
              <TimeOffForm timeOff={data.timeOff} />
            </Card>
          </div>
        )}
      </QueryPanel>
    </div>
  );
}
