import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { loadFailed } from "#core/messages.ts";
import type { GroupSessionKind } from "#core/schemas/group-sessions.ts";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { Label, Select } from "#web/components/ui/field.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { FacilitatedSessionList } from "#web/features/group-sessions/facilitated-session-list.tsx";
import type { ManageScope } from "#web/features/group-sessions/group-sessions.queries.ts";
import { SessionForm } from "#web/features/group-sessions/session-form.tsx";
import { ManagedSessionList, MySessionList } from "#web/features/group-sessions/session-lists.tsx";
import { useCompanies } from "#web/features/teams/teams.queries.ts";
import { useViewer } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Sessões em grupo | Sereno" }];
}

/** The admin's choice: `?empresa=<id>` or `?empresa=todas` (open platform webinars). */
const PLATFORM = "todas";

/** Issue 14: workshops and support groups; managers and admins manage, members and managers take part. */
export default function GroupSessionsPage() {
  const me = useViewer();
  const isAdmin = me.role === "admin";
  const canManage = me.role === "manager" || isAdmin;
  const canTakePart = me.role !== "admin" && Boolean(me.companyId);
  const companies = useCompanies(isAdmin);
  const isFacilitator = me.role === "psychologist";
  const [params, setParams] = useSearchParams();
  const chosen = params.get("empresa") ?? companies.data?.[0]?.id ?? null;
  const scope: ManageScope = {
    companyId: isAdmin ? (chosen === PLATFORM ? null : chosen) : null,
    isPlatform: isAdmin && chosen === PLATFORM,
  };
  const isScopeReady = !isAdmin || Boolean(chosen);
  // ?novo=oficina (the dashboard's recommended action) opens the form on a workshop.
  const asked = params.get("novo");
  const [newKind, setNewKind] = useState<GroupSessionKind | null>(null);
  useEffect(() => {
    if (canManage && asked) setNewKind(asked === "grupo" ? "support_group" : "workshop");
  }, [asked, canManage]);
  const closeForm = () => {
    setNewKind(null);
    if (asked)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("novo");
          return next;
        },
        { replace: true },
      );
  };
  const [now] = useState(() => Date.now());

  if (isFacilitator)
    return (
      <div className="space-y-8">
        <PageIntro>Os encontros em grupo que você conduz. Depois do início, registre aqui quem participou.</PageIntro>
        <section aria-labelledby="conduzo-titulo" className="space-y-4">
          <h2 id="conduzo-titulo" className="text-lg font-semibold">
            Encontros que você conduz
          </h2>
          <FacilitatedSessionList timeZone={me.timezone} />
        </section>
      </div>
    );

  return (
    <div className="space-y-8">
      <PageIntro
        actions={
          canManage ? (
            <Button onClick={() => setNewKind("workshop")} disabled={!isScopeReady}>
              <Plus aria-hidden className="size-4" /> Novo encontro
            </Button>
          ) : null
        }
      >
        Workshops e grupos de apoio com especialistas. Nos grupos de apoio, a empresa nunca vê quem participa.
      </PageIntro>

      {canManage ? (
        <section aria-labelledby="gestao-titulo" className="space-y-4">
          <h2 id="gestao-titulo" className="text-lg font-semibold">
            {isAdmin ? "Encontros por empresa" : "Encontros da empresa"}
          </h2>
          {isAdmin ? (
            <QueryPanel
              query={companies}
              errorMessage={loadFailed("as empresas")}
              loading={<Skeleton className="h-16 w-full" />}
            >
              {(list) => (
                <div className="flex flex-col gap-1.5 sm:max-w-sm">
                  <Label htmlFor="publico-picker">Público</Label>
                  <Select
                    id="publico-picker"
                    value={chosen ?? ""}
                    onChange={(event) =>
                      setParams((current) => ({ ...Object.fromEntries(current), empresa: event.target.value }), {
                        replace: true,
                      })
                    }
                  >
                    {list.map((company) => (
                      <option key={company.id} value={company.id}>
                        {company.name}
                      </option>
                    ))}
                    <option value={PLATFORM}>Todas as empresas (webinar aberto)</option>
                  </Select>
                </div>
              )}
            </QueryPanel>
          ) : null}
          {isScopeReady ? <ManagedSessionList scope={scope} timeZone={me.timezone} now={now} /> : null}
        </section>
      ) : null}

      {canTakePart ? (
        <section aria-labelledby="participar-titulo" className="space-y-4">
          <h2 id="participar-titulo" className="text-lg font-semibold">
            {canManage ? "Para você participar" : "Próximos encontros"}
          </h2>
          {canManage ? (
            <p className="text-sm text-muted">
              Grupos de apoio são só para os membros da equipe. Para você, há o Apoio psicológico individual.
            </p>
          ) : null}
          <MySessionList timeZone={me.timezone} />
        </section>
      ) : null}

      <Dialog
        open={newKind !== null}
        onOpenChange={(open) => (open ? null : closeForm())}
        title="Novo encontro"
        description={
          scope.isPlatform
            ? "Aberto a todas as empresas da plataforma."
            : "Para toda a empresa ou para os setores que você escolher."
        }
        className="max-w-2xl"
      >
        {newKind ? <SessionForm scope={scope} initialKind={newKind} onDone={closeForm} /> : null}
      </Dialog>
    </div>
  );
}
