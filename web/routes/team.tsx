import { FileUp, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { loadFailed, messages } from "#core/messages.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { SectorAssignment } from "#web/features/risks/sector-assignment.tsx";
import { RosterPeople } from "#web/features/roster/roster-people.tsx";
import { CompanyPicker } from "#web/features/teams/company-picker.tsx";
import { InviteMemberForm } from "#web/features/teams/invite-member-form.tsx";
import { MemberList } from "#web/features/teams/member-list.tsx";
import { PlanBanner } from "#web/features/teams/plan-banner.tsx";
import { useTeam } from "#web/features/teams/teams.queries.ts";
import { useCompanyChoice } from "#web/features/teams/use-company-choice.ts";
import { ApiError } from "#web/lib/api.ts";

export function meta() {
  return [{ title: "Gerenciar equipe | Sereno" }];
}

export default function TeamPage() {
  const choice = useCompanyChoice();
  const team = useTeam(choice.companyId, choice.ready);
  const [formOpen, setFormOpen] = useState(false);
  const noCompany = team.error instanceof ApiError && team.error.code === "NO_COMPANY";

  return (
    <div className="space-y-6">
      <PageIntro>Convide pessoas para o Sereno e acompanhe quem faz parte da equipe.</PageIntro>
      <CompanyPicker choice={choice} />
      {noCompany ? (
        <Alert tone="warning">{messages.noCompany}</Alert>
      ) : choice.ready ? (
        <QueryPanel
          query={team}
          errorMessage={loadFailed("os membros da equipe")}
          loading={
            <div className="space-y-4">
              <Skeleton className="h-28 w-full" />
              <Skeleton className="h-64 w-full" />
            </div>
          }
        >
          {(data) => {
            const full = data.company.used >= data.company.memberLimit;
            return (
              <>
                <PlanBanner company={data.company} isAdmin={choice.isAdmin} />
                <section aria-labelledby="members-title" className="space-y-4">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h2 id="members-title" className="text-lg font-semibold">
                      Membros ({data.members.length})
                    </h2>
                    <div className="flex flex-wrap gap-2">
                      <Link
                        to={
                          choice.companyId
                            ? `/team/importar?empresa=${encodeURIComponent(choice.companyId)}`
                            : "/team/importar"
                        }
                        className={buttonClass("secondary")}
                      >
                        <FileUp aria-hidden className="size-4" /> Importar pessoas
                      </Link>
                      <Button onClick={() => setFormOpen((open) => !open)} aria-expanded={formOpen} disabled={full}>
                        <UserPlus aria-hidden className="size-4" /> Adicionar membro
                      </Button>
                    </div>
                  </div>
                  {full ? (
                    <Alert tone="warning">
                      O plano atingiu o limite de membros. Para convidar mais pessoas, remova alguém ou peça um plano
                      maior (veja como, no quadro do plano acima).
                    </Alert>
                  ) : null}
                  {formOpen && !full ? (
                    <InviteMemberForm companyId={choice.companyId} onDone={() => setFormOpen(false)} />
                  ) : null}
                  <MemberList team={data} companyId={choice.companyId} canRemoveManagers={choice.isAdmin} />
                </section>
                <RosterPeople companyId={choice.companyId} />
                <SectorAssignment companyId={choice.companyId} />
              </>
            );
          }}
        </QueryPanel>
      ) : null}
    </div>
  );
}
