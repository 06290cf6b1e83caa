/** 'Apoio psicológico' (issue 13): the member's sessions, their appointments, and the directory. */
import { LifeBuoy, SearchX } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import {
  type DirectoryFilters as Filters,
  useCareContact,
  useCredits,
  useDirectory,
  useMyAppointments,
} from "#web/features/care/care.queries.ts";
import { CareContactForm } from "#web/features/care/care-contact-form.tsx";
import { useMyMeasures } from "#web/features/care/care-measures.queries.ts";
import { CreditsPanel } from "#web/features/care/credits-panel.tsx";
import { DirectoryFilters } from "#web/features/care/directory-filters.tsx";
import { MeasuresPanel } from "#web/features/care/measures-panel.tsx";
import { MyAppointments } from "#web/features/care/my-appointments.tsx";
import { PsychologistCard } from "#web/features/care/psychologist-card.tsx";
import { CrisisNote } from "#web/features/help/crisis-note.tsx";

export function meta() {
  return [{ title: "Apoio psicológico | Sereno" }];
}

export default function CarePage() {
  const [filters, setFilters] = useState<Filters>({});
  const credits = useCredits();
  const contact = useCareContact();
  const mine = useMyAppointments();
  const directory = useDirectory(filters);
  const measures = useMyMeasures();
  // PHQ-9 item 9 above 0 (docs/decisions/080): the crisis card at once, where the eyes are.
  const [safetyPath, setSafetyPath] = useState(false);
  const crisis = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!safetyPath) return;
    crisis.current?.scrollIntoView({ block: "start" });
    crisis.current?.focus();
  }, [safetyPath]);
  const hasMeasures = Boolean(measures.data && measures.data.due.length + measures.data.answered.length > 0);
  return (
    <div className="space-y-6">
      <PageIntro>
        Sessões com psicólogos(as) parceiros(as), pagas pela sua empresa. É confidencial: a empresa vê só números totais
        de uso, nunca quem agendou.
      </PageIntro>
      <p className="flex items-start gap-2 rounded-lg bg-accent-soft p-4 text-sm">
        <LifeBuoy aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" strokeWidth={1.75} />
        <span>
          Não é um serviço de emergência. Em crise, ligue para o <strong>CVV (188)</strong> ou o{" "}
          <strong>SAMU (192)</strong>.
        </span>
      </p>
      {safetyPath ? (
        <div ref={crisis} tabIndex={-1} className="scroll-mt-24 space-y-3 outline-none">
          <p className="text-sm leading-relaxed">
            Obrigado por responder com sinceridade. Sua resposta chegou só ao(à) seu(sua) psicólogo(a), com um aviso
            para que leia com atenção. Ninguém da sua empresa é avisado. Se agora estiver difícil, fale com alguém já:
          </p>
          <CrisisNote />
        </div>
      ) : null}
      {hasMeasures || measures.isError ? (
        <Card className="space-y-3">
          <CardTitle>Autoavaliações</CardTitle>
          {measures.data ? <MeasuresPanel data={measures.data} onSafetyPath={() => setSafetyPath(true)} /> : null}
          {measures.isError ? <Alert tone="error">Não foi possível carregar suas autoavaliações.</Alert> : null}
        </Card>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_3fr]">
        <Card className="space-y-3">
          <CardTitle>Suas sessões</CardTitle>
          <QueryPanel query={credits} errorMessage="Não foi possível carregar suas sessões.">
            {(data) => <CreditsPanel credits={data} />}
          </QueryPanel>
          <QueryPanel query={contact} errorMessage="Não foi possível carregar seu e-mail de avisos.">
            {(data) => <CareContactForm contact={data} />}
          </QueryPanel>
        </Card>
        <Card className="space-y-3">
          <CardTitle>Minhas consultas</CardTitle>
          <QueryPanel query={mine} errorMessage="Não foi possível carregar suas consultas.">
            {(data) => <MyAppointments upcoming={data.upcoming} past={data.past} />}
          </QueryPanel>
        </Card>
      </div>
      <section aria-labelledby="diretorio" className="space-y-4">
        <h2 id="diretorio" className="text-lg font-semibold">
          Encontre um(a) psicólogo(a)
        </h2>
        <DirectoryFilters value={filters} onChange={setFilters} />
        <QueryPanel query={directory} errorMessage="Não foi possível carregar os profissionais.">
          {(list) =>
            list.length === 0 ? (
              <EmptyState icon={SearchX} title="Nenhum(a) profissional com esses filtros">
                Tente outros filtros ou limpe os campos.
              </EmptyState>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {list.map((psychologist) => (
                  <PsychologistCard key={psychologist.id} psychologist={psychologist} />
                ))}
              </div>
            )
          }
        </QueryPanel>
      </section>
    </div>
  );
}
