import { ArrowLeft, QrCode } from "lucide-react";
import { Link } from "react-router";
import { messages } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { HeldPeople } from "#web/features/roster/held-people.tsx";
import { HrIntegration } from "#web/features/roster/hr-integration.tsx";
import { ImportWizard } from "#web/features/roster/import-wizard.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Importar pessoas | Sereno" }];
}

/** 'Importar pessoas' (issue 33): a manager for their company, an admin for the one chosen (`?empresa=`). */
export default function ImportPeoplePage() {
  const me = useViewer();
  const choice = useCompanyChoice();
  const teamHref = choice.companyId ? `/team?empresa=${encodeURIComponent(choice.companyId)}` : "/team";
  const hasNoCompany = me.role === "manager" && !me.companyId;

  return (
    <div className="space-y-6">
      <PageIntro
        actions={
          <div className="flex flex-wrap gap-4">
            <Link
              to={teamHref}
              className="inline-flex min-h-11 items-center gap-2 text-sm text-primary hover:underline"
            >
              <ArrowLeft aria-hidden className="size-4" /> Voltar para a equipe
            </Link>
            <Link
              to={choice.companyId ? `/team/cartaz?empresa=${encodeURIComponent(choice.companyId)}` : "/team/cartaz"}
              className="inline-flex min-h-11 items-center gap-2 text-sm text-primary hover:underline"
            >
              <QrCode aria-hidden className="size-4" /> Cartaz de ativação
            </Link>
          </div>
        }
      >
        Cadastre as pessoas da empresa de uma vez, com o arquivo exportado do sistema de RH. Quem tem e-mail recebe o
        convite; quem não tem fica aguardando ativação.
      </PageIntro>
      <CompanyPicker choice={choice} />
      {hasNoCompany ? (
        <Alert tone="warning">{messages.noCompany}</Alert>
      ) : choice.ready ? (
        <>
          <HeldPeople key={`held-${choice.companyId ?? "own"}`} companyId={choice.companyId} />
          <ImportWizard key={choice.companyId ?? "own"} companyId={choice.companyId} teamHref={teamHref} />
          <HrIntegration key={`api-${choice.companyId ?? "own"}`} companyId={choice.companyId} />
        </>
      ) : null}
    </div>
  );
}
